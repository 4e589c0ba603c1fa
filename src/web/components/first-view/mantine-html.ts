// Mantine's layout and type components as markup, for the first views that draw the app's own
// Mantine screen (the counter, the dispatch board): the classes, data attributes and variables
// Mantine renders, so that the app's drawing in the same place moves nothing. The page carries
// the rules of these classes (scripts/prerender.mjs inlines them from the view's sample markup).

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export const stack = (gap: string, body: string, attrs = '') =>
  `<div class="m_6d731127 mantine-Stack-root"${attrs} style="--stack-gap: ${gap}; --stack-align: stretch; --stack-justify: flex-start;">${body}</div>`;

export const group = (gap: string, align: string, justify: string, wrap: string, body: string) =>
  `<div class="m_4081bf90 mantine-Group-root" style="--group-gap: ${gap}; --group-align: ${align}; --group-justify: ${justify}; --group-wrap: ${wrap};">${body}</div>`;

export const text = (body: string, style = '', attrs = '') =>
  `<p class="mantine-focus-auto m_b6d8b162 mantine-Text-root"${attrs}${style ? ` style="${style}"` : ''}>${body}</p>`;

/** Text of a size of the theme's (`size="sm"`), with more style after its own. */
export const sizedText = (size: Size, body: string, extraStyle = '', attrs = '') =>
  `<p class="mantine-focus-auto m_b6d8b162 mantine-Text-root" data-size="${size}"${attrs} style="--text-fz: var(--mantine-font-size-${size}); --text-lh: var(--mantine-line-height-${size});${extraStyle}">${body}</p>`;

/** A heading of `order`, in the look of its own order or of `size` ('h4'). */
export const title = (order: 1 | 2, body: string, size?: 'h3' | 'h4', id = '') => {
  const look = size ?? `h${order}`;
  return `<h${order} class="m_8a5d1357 mantine-Title-root"${size ? ` data-size="${size}"` : ''} data-order="${order}"${
    id ? ` id="${id}"` : ''
  } style="--title-fw: var(--mantine-${look}-font-weight); --title-lh: var(--mantine-${look}-line-height); --title-fz: var(--mantine-${look}-font-size);">${body}</h${order}>`;
};

/** The chevron of a closed Select (size md). */
export const SELECT_CHEVRON =
  '<svg class="m_2943220b mantine-ComboboxChevron-chevron" data-size="md" data-combobox-chevron="true" viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style="--combobox-chevron-size: var(--combobox-chevron-size-md);"><path d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z" fill="currentColor" fill-rule="evenodd" clip-rule="evenodd"></path></svg>';
