import { describe, expect, it } from 'vitest';
import { computeCodeGroups, isRouteModule, type ModuleGraph, preciseImports } from './code-groups';

// A module graph shaped like the app's: the public pages' script, the app shell with the app as a
// dynamic import, client and dashboard screens that share some modules, a form loaded on use.
const nm = (path: string) => `/app/node_modules/${path}`;
const own = (path: string) => `/app/src/web/${path}`;
const imports: Record<string, string[]> = {
  [own('marketing.ts')]: [nm('clsx/dist/clsx.mjs'), own('page-start.ts')],
  // A public page's enhancer, loaded once it has painted, calls the API as the app does.
  [own('enhance.ts')]: [own('api-client.ts'), own('phone.ts')],
  '/app/index.html': [own('main.tsx')],
  [own('main.tsx')]: [own('critical-styles.ts')],
  [own('entry-client.tsx')]: [
    nm('react/index.js'),
    own('app/router.tsx'),
    own('app/layout.tsx'),
    own('api-client.ts'),
    own('page-start.ts'),
  ],
  [own('app/layout.tsx')]: [nm('@mantine/core/esm/index.mjs'), own('critical-styles.ts')],
  [nm('@mantine/core/esm/index.mjs')]: [nm('@mantine/core/esm/components/Button/Button.mjs')],
  [nm('@mantine/core/esm/components/Button/Button.mjs')]: [nm('react/index.js')],
  [own('app/routes/products.tsx')]: [
    own('format.ts'),
    own('cart.ts'),
    nm('@mantine/core/esm/index.mjs'),
    own('live-badge.tsx'),
    own('sign-in-link.tsx'),
    own('get-wallet.ts'),
    own('phone.ts'),
  ],
  [own('app/routes/order-history.tsx')]: [
    own('get-wallet.ts'),
    own('phone.ts'),
    own('format.ts'),
    own('offline-copy.ts'),
    own('app/routes/payment.tsx'),
    own('live-badge.tsx'),
    own('sign-in-link.tsx'),
  ],
  // Shared, but one brings the live channel's package along and the other a public page's script.
  [own('live-badge.tsx')]: [own('live.ts'), nm('react/index.js')],
  [own('live.ts')]: [nm('socket.io-client/build/esm/index.js')],
  [own('sign-in-link.tsx')]: [own('enhance.ts')],
  // Shared, and what it brings along (the API client, which a public page's script shares) the app
  // loads before any screen.
  [own('get-wallet.ts')]: [own('api-client.ts')],
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

  it('puts the modules the app loads up front and a public page loads later in one file, not what a page runs up front', () => {
    // With them what two client screens import of a page's later code, unless a page loads it on use.
    expect(sorted(groups.site)).toEqual([own('api-client.ts'), own('phone.ts')]);
  });

  it('shares between screens only what two screens import, one of them a client screen, and that brings nothing else along', () => {
    expect(sorted(groups.appShared)).toEqual([own('format.ts'), own('get-wallet.ts')]);
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
      own('api-client.ts'),
      own('live-badge.tsx'),
      own('live.ts'),
      own('sign-in-link.tsx'),
      nm('socket.io-client/build/esm/index.js'),
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

describe('preciseImports', () => {
  const index = nm('@mantine/core/esm/index.mjs');
  const button = nm('@mantine/core/esm/components/Button/Button.mjs');
  const table = nm('@mantine/core/esm/components/Table/Table.mjs');
  const card = nm('@mantine/core/esm/components/Card/Card.mjs');
  const barrel = {
    id: index,
    code: [
      '"use client";',
      'import { Button } from "./components/Button/Button.mjs";',
      'import { Table, TableTd } from "./components/Table/Table.mjs";',
      '// a comment',
      'import { Card } from "./components/Card/Card.mjs";',
      'export { Button, Card as Panel, Table, TableTd };',
    ].join('\n'),
    importedIds: [button, table, card],
  };
  const importer = (id: string, code: string) => ({ id, code, importedIds: [index, nm('react/jsx-runtime.js')] });

  it("turns a named import from a package's index into the modules those names come from", () => {
    const imports = preciseImports([
      barrel,
      importer(
        own('a.tsx'),
        'import { Button, Panel as P } from "@mantine/core";\nimport { jsx } from "react/jsx-runtime";',
      ),
      importer(own('b.tsx'), 'import {\n  TableTd,\n  type TableProps,\n} from "@mantine/core";'),
    ]);
    expect([...imports(own('a.tsx'))].sort()).toEqual([button, card, nm('react/jsx-runtime.js')].sort());
    expect(imports(own('b.tsx'))).not.toContain(index);
    expect(imports(own('b.tsx'))).not.toContain(button);
    expect(imports(index)).toEqual([button, table, card]);
  });

  it('keeps the whole index where it cannot tell: a namespace import, an unknown name, an index that does more', () => {
    const imports = preciseImports([
      barrel,
      importer(own('all.tsx'), 'import * as Mantine from "@mantine/core";'),
      importer(own('unknown.tsx'), 'import { Button, Nothing } from "@mantine/core";'),
    ]);
    expect(imports(own('all.tsx'))).toContain(index);
    expect(imports(own('unknown.tsx'))).toContain(index);
    const busy = { ...barrel, code: `${barrel.code}\nconsole.log('side effect');` };
    expect(
      preciseImports([busy, importer(own('a.tsx'), 'import { Button } from "@mantine/core";')])(own('a.tsx')),
    ).toContain(index);
  });

  it('puts in the framework what client screens import; a dashboard or a form loaded on use keep theirs', () => {
    const route = own('app/routes/products.tsx');
    const history = own('app/routes/order-history.tsx');
    const staffRoute = own('app/routes/dashboard/sales.tsx');
    const lazyForm = own('address-form.tsx');
    const exact = preciseImports([
      barrel,
      { id: own('entry-client.tsx'), code: '', importedIds: [] },
      importer(route, 'import { Button } from "@mantine/core";'),
      importer(history, 'import { Button } from "@mantine/core";'),
      importer(staffRoute, 'import { Table } from "@mantine/core";'),
      importer(lazyForm, 'import { Panel } from "@mantine/core";'),
    ]);
    const { framework } = computeCodeGroups(
      {
        imports: (id) =>
          id === index ? [button, table, card] : [route, history, staffRoute, lazyForm].includes(id) ? [index] : [],
        dynamicImports: (id) => (id === route ? [lazyForm] : []),
      },
      {
        visitorRoots: [],
        shellEntry: '/app/index.html',
        appEntry: own('entry-client.tsx'),
        routes: [route, history, staffRoute],
        exactImports: exact,
      },
      (id) => id.includes('/dashboard/'),
    );
    expect(framework.has(button)).toBe(true);
    expect(framework.has(table)).toBe(false);
    expect(framework.has(card)).toBe(false);
  });

  it('keeps a component one client screen alone imports beside that screen, even when dashboards share it', () => {
    const route = own('app/routes/products.tsx');
    const history = own('app/routes/order-history.tsx');
    const sales = own('app/routes/dashboard/sales.tsx');
    const shift = own('app/routes/dashboard/shift.tsx');
    const entry = own('entry-client.tsx');
    const exact = preciseImports([
      barrel,
      importer(entry, 'import { Panel } from "@mantine/core";'),
      importer(route, 'import { Button, Panel } from "@mantine/core";'),
      importer(history, 'import { Button, Table } from "@mantine/core";'),
      importer(sales, 'import { Table } from "@mantine/core";'),
      importer(shift, 'import { Table } from "@mantine/core";'),
    ]);
    const { framework, screenParts } = computeCodeGroups(
      {
        imports: (id) =>
          id === index ? [button, table, card] : [entry, route, history, sales, shift].includes(id) ? [index] : [],
        dynamicImports: () => [],
      },
      {
        visitorRoots: [],
        shellEntry: '/app/index.html',
        appEntry: entry,
        routes: [route, history, sales, shift],
        exactImports: exact,
      },
      (id) => id.includes('/dashboard/'),
    );
    // The app's own and two client screens' are the framework's; the table is the history's.
    expect(framework.has(card)).toBe(true);
    expect(framework.has(button)).toBe(true);
    expect(framework.has(table)).toBe(false);
    expect([...screenParts]).toEqual([[table, history]]);
  });

  it("keeps a screen's first view without the app out of every group the app's packages come with", () => {
    // The first view (the shop's) uses the shop's cart, the shared format, the API client and a
    // stylesheet the app's shift screen uses too.
    const view = own('app/first-views/shop.ts');
    const cards = own('cards.module.css');
    const withView = computeCodeGroups(
      {
        imports: (id) =>
          id === view
            ? [own('cart.ts'), own('format.ts'), own('api-client.ts'), cards]
            : id === own('app/routes/dashboard/shift.tsx')
              ? [...graph.imports(id), cards]
              : graph.imports(id),
        dynamicImports: (id) =>
          id === own('main.tsx') ? [...graph.dynamicImports(id), view] : graph.dynamicImports(id),
      },
      {
        visitorRoots: [own('marketing.ts')],
        shellEntry: '/app/index.html',
        appEntry: own('entry-client.tsx'),
        routes: modules.filter((id) => id.includes('/app/routes/')),
        lightEntries: [view],
      },
      (id) => id.includes('/app/routes/dashboard/'),
    );
    // Its own modules are one group, those the app uses too another; the API client, which a
    // visitor's page runs, stays in its file.
    expect(sorted(withView.firstViews)).toEqual([view]);
    expect(sorted(withView.firstViewsShared)).toEqual([own('cart.ts'), own('format.ts')]);
    // The stylesheet both use is a file of its own: the app's shared file would bring it to every
    // screen, and so to the public pages, which link the app's styles.
    expect(sorted(withView.firstViewsStyles)).toEqual([cards]);
    for (const group of [withView.framework, withView.app, withView.appShared, withView.staffShared])
      for (const id of [view, own('cart.ts'), own('format.ts'), own('api-client.ts')])
        expect(group.has(id)).toBe(false);
    expect(sorted(withView.site)).toEqual(sorted(groups.site));
    // What the public pages' script runs up front and the app runs too is one file with the views'.
    expect(sorted(withView.pagesAndViews)).toEqual([own('page-start.ts')]);
    // Without a first view, no such file: the pages' script keeps its modules.
    expect(groups.pagesAndViews.size).toBe(0);
    // The app's own groups are as they were otherwise.
    expect(sorted(withView.app)).toEqual(sorted(groups.app));
    expect(sorted(withView.appShared)).toEqual([own('get-wallet.ts')]);
  });

  it("keeps the staff's first views' own modules in a group of their own, apart from the client's", () => {
    // The client's view (the shop's) and the staff's (the counter's) both use the views' markup
    // helpers; the counter's view is the staff's alone, and it hands its reads to the app's sell screen.
    const shop = own('app/first-views/shop.ts');
    const counter = own('app/first-views/counter.ts');
    const sell = own('app/routes/dashboard/sell.tsx');
    const withViews = computeCodeGroups(
      {
        imports: (id) =>
          id === shop
            ? [own('view-html.ts')]
            : id === counter
              ? [own('view-html.ts'), own('counter-reads.ts')]
              : id === sell
                ? [own('counter-reads.ts')]
                : graph.imports(id),
        dynamicImports: (id) =>
          id === own('main.tsx') ? [...graph.dynamicImports(id), shop, counter] : graph.dynamicImports(id),
      },
      {
        visitorRoots: [own('marketing.ts')],
        shellEntry: '/app/index.html',
        appEntry: own('entry-client.tsx'),
        routes: [...modules.filter((id) => id.includes('/app/routes/')), sell],
        lightEntries: [shop],
        staffLightEntries: [counter],
      },
      (id) => id.includes('/app/routes/dashboard/'),
    );
    expect(sorted(withViews.firstViews)).toEqual([shop, own('view-html.ts')].sort());
    expect(sorted(withViews.staffViews)).toEqual([counter]);
    // What the app's screen uses too is shared, as for the client's views.
    expect(sorted(withViews.firstViewsShared)).toEqual([own('counter-reads.ts')]);
    // Without the staff's views, no such group.
    expect(groups.staffViews.size).toBe(0);
  });
});
