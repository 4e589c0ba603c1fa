import { describe, expect, it } from 'vitest';
import { computeCodeGroups, isRouteModule, type ModuleGraph } from './code-groups';

// A module graph shaped like the app's: the public pages' script, the app shell with the app as a
// dynamic import, client and dashboard screens that share some modules, a form loaded on use.
const nm = (path: string) => `/app/node_modules/${path}`;
const own = (path: string) => `/app/src/web/${path}`;
const imports: Record<string, string[]> = {
  [own('marketing.ts')]: [nm('clsx/dist/clsx.mjs')],
  '/app/index.html': [own('main.tsx')],
  [own('main.tsx')]: [own('critical-styles.ts')],
  [own('entry-client.tsx')]: [nm('react/index.js'), own('app/router.tsx'), own('app/layout.tsx')],
  [own('app/layout.tsx')]: [nm('@mantine/core/esm/index.mjs'), own('critical-styles.ts')],
  [nm('@mantine/core/esm/index.mjs')]: [nm('@mantine/core/esm/components/Button/Button.mjs')],
  [nm('@mantine/core/esm/components/Button/Button.mjs')]: [nm('react/index.js')],
  [own('app/routes/products.tsx')]: [own('format.ts'), own('cart.ts'), nm('@mantine/core/esm/index.mjs')],
  [own('app/routes/order-history.tsx')]: [own('format.ts'), own('offline-copy.ts'), own('app/routes/payment.tsx')],
  [own('address-form.tsx')]: [own('format.ts'), own('address-parts.ts')],
  [own('app/routes/dashboard/sales.tsx')]: [own('staff-keys.ts'), own('money-input.tsx'), nm('recharts/es6/index.js')],
  [own('app/routes/dashboard/shift.tsx')]: [own('staff-keys.ts'), own('money-input.tsx'), own('format.ts')],
};
const dynamicImports: Record<string, string[]> = {
  [own('marketing.ts')]: [own('enhance.ts')],
  [own('main.tsx')]: [own('entry-client.tsx')],
  [own('app/router.tsx')]: [
    own('app/routes/products.tsx'),
    own('app/routes/order-history.tsx'),
    own('app/routes/payment.tsx'),
    own('app/routes/dashboard/sales.tsx'),
    own('app/routes/dashboard/shift.tsx'),
  ],
  [own('app/routes/products.tsx')]: [own('address-form.tsx')],
  [own('app/routes/order-history.tsx')]: [own('address-form.tsx')],
};
const graph: ModuleGraph = {
  imports: (id) => imports[id] ?? [],
  dynamicImports: (id) => dynamicImports[id] ?? [],
};
const modules = [
  ...new Set([...Object.keys(imports), ...Object.values(imports).flat(), ...Object.values(dynamicImports).flat()]),
];
const groups = computeCodeGroups(
  graph,
  {
    visitorRoots: [own('marketing.ts')],
    shellEntry: '/app/index.html',
    appEntry: own('entry-client.tsx'),
    routes: modules.filter((id) => id.includes('/app/routes/')),
    modules,
  },
  (id) => id.includes('/app/routes/dashboard/'),
);
const sorted = (set: Set<string>) => [...set].sort();

describe('computeCodeGroups', () => {
  it('puts the framework packages the app uses in one group, but not what a visitor runs or staff-only packages', () => {
    expect(sorted(groups.framework)).toEqual(
      [
        nm('@mantine/core/esm/components/Button/Button.mjs'),
        nm('@mantine/core/esm/index.mjs'),
        nm('react/index.js'),
      ].sort(),
    );
  });

  it("groups the project's modules the app loads before any screen, without the entry or the shell's own", () => {
    expect(sorted(groups.app)).toEqual([own('app/layout.tsx'), own('app/router.tsx')]);
  });

  it('shares between screens only what two screens import, one of them a client screen', () => {
    expect(sorted(groups.appShared)).toEqual([own('format.ts')]);
  });

  it('keeps what only dashboard screens share in the staff group', () => {
    expect(sorted(groups.staffShared)).toEqual([own('money-input.tsx'), own('staff-keys.ts')]);
  });

  it("leaves a screen's own modules, screens imported by others and code loaded on use out of every group", () => {
    const grouped = new Set([...groups.framework, ...groups.app, ...groups.appShared, ...groups.staffShared]);
    for (const id of [
      own('cart.ts'),
      own('offline-copy.ts'),
      own('app/routes/payment.tsx'),
      own('address-form.tsx'),
      own('address-parts.ts'),
      own('enhance.ts'),
      own('critical-styles.ts'),
      nm('clsx/dist/clsx.mjs'),
      nm('recharts/es6/index.js'),
    ])
      expect(grouped.has(id), id).toBe(false);
  });
});

describe('isRouteModule', () => {
  it('knows a screen module by where it lives, tests excepted', () => {
    expect(isRouteModule('src/web/app/routes/products.tsx')).toBe(true);
    expect(isRouteModule('src/web/app/routes/dashboard/sales.tsx')).toBe(true);
    expect(isRouteModule('src/web/app/routes/dashboard/layout.test.tsx')).toBe(false);
    expect(isRouteModule('src/web/app/guards.tsx')).toBe(false);
  });
});
