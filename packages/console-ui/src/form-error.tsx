import { Typography } from 'antd';

/** A form's refusal (the API's text or the console's words) above its button, announced as an alert; nothing when there is none. */
export function FormError({ error }: { error: string | null | undefined }) {
  return error ? (
    <Typography.Paragraph type="danger" role="alert">
      {error}
    </Typography.Paragraph>
  ) : null;
}
