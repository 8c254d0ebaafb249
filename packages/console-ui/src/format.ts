/** Fen as yuan with two decimals: 12990 -> '¥129.90'. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
