/** Attaches behaviour to one element and returns what detaches it again (timers, listeners). */
export type Enhancer = (root: HTMLElement) => () => void;
