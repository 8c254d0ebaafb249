import marks from 'virtual:pay-marks';

export type PayMarkKey = keyof typeof marks;

/**
 * A payment method's mark (Alipay, WeChat Pay, the balance wallet) in the method's colour. It is
 * decorative: the method's localized name stands beside it and names the choice.
 */
export function PayMark({ method, className }: { method: PayMarkKey; className?: string }) {
  const mark = marks[method];
  return (
    <svg
      className={className}
      viewBox={`0 0 ${mark.width} ${mark.height}`}
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
      data-mark={method}
      // Build-time SVG from the icon packages (pay-marks.js), never user input.
      dangerouslySetInnerHTML={{ __html: mark.body }}
    />
  );
}
