import type { MantineSize } from '@mantine/core';
import { Button, Select, Text } from '@mantine/core';
import { useState } from 'react';
import type { Center } from '../../domain/schemas/center';
import type { ReportCenterParam } from '../../domain/schemas/sales';

/** The choice a report's center filter starts on: the company ("All centers"). */
export const ALL_CENTERS: ReportCenterParam = 'all';

/**
 * Which gas center a report is for. CEO and Manager (`chooses`) pick one, or "All centers"; the
 * others are shown the center of their shift, which the server chose (`current`). With one center
 * nothing is shown: there is nothing to choose and nobody to tell.
 */
export function CenterFilter({
  centers,
  chooses,
  value,
  onChange,
  current,
  size,
  label = 'Gas center',
}: {
  centers: readonly Center[] | undefined;
  chooses: boolean;
  value: ReportCenterParam;
  onChange: (center: ReportCenterParam) => void;
  /** The center the figures are for, as the server said (a name shown to those who do not choose). */
  current?: { name: string } | null | undefined;
  size?: MantineSize;
  /** Where a screen has a center picker of its own beside the report's, the report's says so. */
  label?: string;
}) {
  if (!centers || centers.length < 2) return null;
  if (!chooses) {
    return current ? (
      <Text size="sm" fw={500}>
        {label}: {current.name}
      </Text>
    ) : null;
  }
  return (
    <Select
      label={label}
      data={[{ value: ALL_CENTERS, label: 'All centers' }, ...centers.map((c) => ({ value: c.id, label: c.name }))]}
      value={value}
      onChange={(v) => onChange((v ?? ALL_CENTERS) as ReportCenterParam)}
      allowDeselect={false}
      size={size}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

/**
 * A read's parameters with "All centers" left out: for a CEO or a Manager the server answers the
 * company either way, and the page's first reads (lib/early-reads.ts) ask without a center, so
 * the read that matches one of them is answered by it instead of asked again.
 */
export const withCompanyUnnamed = <T extends { center?: ReportCenterParam }>(params: T): T =>
  params.center === ALL_CENTERS ? { ...params, center: undefined } : params;

/** The center a report's call asks for: the choice of those who choose, else the server's own. */
export const centerParam = (chooses: boolean, value: ReportCenterParam) => (chooses ? { center: value } : {});

/** What a report of one gas center or of the company is given by its route. */
export type ReportCenterProps = {
  /** The company's gas centers (read by the route from the centers area). */
  centers?: readonly Center[] | undefined;
  /** CEO and Manager: they pick a center or the company; the others see their shift's. */
  choosesCenter?: boolean;
};

/**
 * A report's choice of center, starting on the company: the choice, the parameter its call sends
 * and the props of its CenterFilter (`current` and the look are the report's own).
 */
export function useReportCenter(centers: readonly Center[] | undefined, chooses: boolean) {
  const [center, setCenter] = useState<ReportCenterParam>(ALL_CENTERS);
  return {
    center,
    param: centerParam(chooses, center),
    filter: { centers, chooses, value: center, onChange: setCenter },
  };
}

/**
 * A report's CSV file, downloaded by the browser with its cookie (the server names the file after
 * the center and the days).
 */
export function CsvButton({
  path,
  params,
  label = 'Download CSV',
  disabled,
  size,
}: {
  /** Below /api/ (as the api client names it). */
  path: string;
  params: Record<string, string | undefined>;
  label?: string;
  disabled?: boolean;
  size?: MantineSize;
}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  query.set('format', 'csv');
  return (
    <Button
      component="a"
      href={`/api/${path}?${query.toString()}`}
      download
      variant="default"
      size={size}
      mih={36}
      data-disabled={disabled || undefined}
      // A link cannot be disabled: assistive technology (and axe) learn it from aria-disabled.
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (disabled) event.preventDefault();
      }}
    >
      {label}
    </Button>
  );
}
