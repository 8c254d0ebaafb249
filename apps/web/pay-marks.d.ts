export interface PayMark {
  body: string;
  width: number;
  height: number;
}
export declare const PAY_MARK_SOURCES: Record<'alipay' | 'wechat' | 'balance', [set: string, name: string]>;
export declare function loadPayMarks(): Record<'alipay' | 'wechat' | 'balance', PayMark>;
export declare function payMarksPlugin(): import('vite').Plugin;
