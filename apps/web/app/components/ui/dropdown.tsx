import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface DropdownItem {
  key: string;
  label: ReactNode;
  /** A link item; otherwise onSelect runs. */
  to?: string;
  onSelect?: () => void;
  /** For single-choice menus: renders menuitemradio with aria-checked. */
  checked?: boolean;
}

export interface DropdownProps {
  /** The button's visible content. */
  trigger: ReactNode;
  /**
   * What the menu is for, when the visible content does not say it: read after that content
   * ("Hello, Li, Account menu"), so the name still holds the visible words (WCAG 2.5.3).
   */
  label?: string;
  items: DropdownItem[];
  align?: 'start' | 'end';
  /** Opens on mouse hover as well as on click (top-bar style). */
  hover?: boolean;
  className?: string;
}

/** A menu button (WAI-ARIA menu pattern): arrows, Home/End, Esc and Tab work as expected. */
export function Dropdown({ trigger, label, items, align = 'start', hover = false, className }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const pendingFocus = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current !== null) {
      itemRefs.current[pendingFocus.current]?.focus();
      pendingFocus.current = null;
    }
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openAndFocus(index: number) {
    pendingFocus.current = index;
    if (open) {
      itemRefs.current[index]?.focus();
      pendingFocus.current = null;
    } else setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAndFocus(Math.max(0, items.findIndex((item) => item.checked)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(items.length - 1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      itemRefs.current[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function select(item: DropdownItem) {
    close(!item.to);
    item.onSelect?.();
  }

  return (
    <div
      ref={rootRef}
      className={`dropdown${open ? ' dropdown--open' : ''}${className ? ` ${className}` : ''}`}
      onMouseEnter={hover ? () => setOpen(true) : undefined}
      onMouseLeave={hover ? () => setOpen(false) : undefined}
    >
      <button
        ref={buttonRef}
        type="button"
        className="dropdown__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // With hover the pointer has already opened the menu: a click must not close it again.
        onClick={() => setOpen((value) => (hover ? true : !value))}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
        {label ? <span className="visually-hidden">, {label}</span> : null}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <ul id={menuId} role="menu" className={`dropdown__menu dropdown__menu--${align}`} hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item, index) => {
          const role = item.checked === undefined ? 'menuitem' : 'menuitemradio';
          const common = {
            role,
            tabIndex: -1,
            className: `dropdown__item${item.checked ? ' dropdown__item--checked' : ''}`,
            'aria-checked': item.checked,
          } as const;
          return (
            <li key={item.key} role="none">
              {item.to ? (
                <Link
                  {...common}
                  to={item.to}
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  onClick={() => select(item)}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  {...common}
                  type="button"
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  onClick={() => select(item)}
                >
                  {item.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
