declare module 'virtual:pay-marks' {
  const marks: Record<'alipay' | 'wechat' | 'balance', import('../pay-marks.js').PayMark>;
  export default marks;
}
