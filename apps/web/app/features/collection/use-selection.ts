import { useCallback, useState } from 'react';

/** Ids ticked for a batch action; cleared when the batch mode ends. */
export function useSelection() {
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const toggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const setAll = useCallback((ids: number[], on: boolean) => setSelected(on ? new Set(ids) : new Set()), []);
  const setMode = useCallback((on: boolean) => {
    setManaging(on);
    setSelected(new Set());
  }, []);
  return { managing, setMode, selected, toggle, setAll };
}
