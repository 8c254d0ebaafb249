/** The shape of a catalog with its strings widened, so another language must have every key. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
