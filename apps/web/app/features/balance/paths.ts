// Where a top-up starts and where its payment pages send the shopper back (the specification's route).
export const BALANCE_PATH = '/user-center/uc-balance';
export const balanceAfterTopUp = (payNo: string) => `${BALANCE_PATH}?payNo=${payNo}`;
