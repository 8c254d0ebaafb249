/**
 * The shape of a catalog with its strings widened, so another language must have every key. A
 * counted text is `key_other` (Chinese has one plural form); the other language adds `key_one`.
 */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> } & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_one` : never]: string;
};
