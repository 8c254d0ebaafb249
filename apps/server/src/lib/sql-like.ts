/** A search term for `like` / `ilike`: its wildcards (`%`, `_`) and the escape character match themselves. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
