import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import s from './board-card.module.css';

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

function labelOf(data: SelectProps['data'], value: string | null | undefined): string {
  if (value == null || !data) return '';
  for (const item of data) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('value' in item) {
      if ((item as ComboboxItem).value === value) return (item as ComboboxItem).label;
    }
  }
  return '';
}

/** The fields' widths from the `xs` breakpoint up (the whole row below it), as board-card.module.css has them. */
const WIDTHS = { rider: 240, problem: 220, vehicle: 130 } as const;

type BoardSelectProps = Omit<SelectProps, 'w' | 'size'> & { width: keyof typeof WIDTHS };

/**
 * A Select (size lg) that is drawn as a plain look-alike closed field until the dispatcher opens
 * it. Each mounted Select clears its highlighted option by searching the whole page for its
 * (closed) list, and its Mantine parts are heavy besides, so a board of hundreds of cards with a
 * few Selects each took seconds to appear; the look-alike costs a few elements, and only the
 * fields actually used become Selects.
 */
export function BoardSelect({ label, placeholder, data, value, width, disabled, ...rest }: BoardSelectProps) {
  const id = useId();
  const [live, setLive] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!live || !input.current) return;
    // Opened the way a click on the Select itself opens it.
    input.current.focus();
    input.current.click();
  }, [live]);

  if (live)
    return (
      <Select
        ref={input}
        id={id}
        label={label}
        placeholder={placeholder}
        data={data}
        value={value}
        size="lg"
        w={{ base: '100%', xs: WIDTHS[width] }}
        disabled={disabled}
        {...rest}
      />
    );

  const open = () => !disabled && setLive(true);
  return (
    <div className={`${s.field} ${s[width]}`}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      <div className={s.box}>
        <input
          id={id}
          className={s.input}
          placeholder={typeof placeholder === 'string' ? placeholder : undefined}
          value={labelOf(data, value)}
          readOnly
          disabled={disabled}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          autoComplete="off"
          onClick={open}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (!OPENING_KEYS.has(event.key)) return;
            event.preventDefault();
            open();
          }}
        />
      </div>
    </div>
  );
}
