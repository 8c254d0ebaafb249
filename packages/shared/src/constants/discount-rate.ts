// Rates are written per ten, as 折 are (8.5 = 八五折); English readers get the share taken off.

/** A rate per ten as the share taken off in per cent, to a tenth: 8.5 -> 15, 9.55 -> 4.5. */
export function percentOff(perTen: number): number {
  return Math.round((10 - perTen) * 100) / 10;
}
