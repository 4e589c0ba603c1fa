import { ComboboxChevron, type ComboboxItem, InputBase, Select, type SelectProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

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

/**
 * A Select that is drawn as a look-alike closed field until the dispatcher opens it. Each
 * mounted Select clears its highlighted option by searching the whole page for its (closed)
 * list, so a board of hundreds of cards with a few Selects each took seconds to appear; the
 * look-alike costs nothing, and only the fields actually used become Selects.
 */
export function BoardSelect({ label, placeholder, data, value, size, w, disabled, ...rest }: SelectProps) {
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
        size={size}
        w={w}
        disabled={disabled}
        {...rest}
      />
    );

  const open = () => !disabled && setLive(true);
  return (
    <InputBase
      id={id}
      label={label}
      placeholder={placeholder}
      value={labelOf(data, value)}
      readOnly
      pointer
      size={size}
      w={w}
      disabled={disabled}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={<ComboboxChevron size={size} />}
      rightSectionPointerEvents="none"
      onClick={open}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    />
  );
}
