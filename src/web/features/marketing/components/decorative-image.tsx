import type { CSSProperties } from 'react';

/**
 * A picture that only decorates: screen readers pass over it (empty alt), and its size is set so
 * the page does not jump when it arrives. `lazy` for pictures below the first screen.
 */
export function DecorativeImage({
  src,
  className,
  width,
  height,
  lazy = false,
  style,
}: {
  src: string;
  className?: string;
  width: number;
  height: number;
  lazy?: boolean;
  style?: CSSProperties;
}) {
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      style={style}
    />
  );
}
