import { describe, expect, it } from 'vitest';
import { splitByRole, splitStaffCode, type ViteManifest } from './staff-split';

// A build shaped like the app's: the shell entry lazy-loads public, client and staff routes; some
// chunks are shared between them.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    css: ['assets/index.css'],
    dynamicImports: ['src/web/entry-client.tsx'],
  },
  'src/web/marketing-page.ts': { file: 'assets/marketing-page.js', isEntry: true, imports: ['_last-auth.js'] },
  'src/web/entry-client.tsx': {
    file: 'assets/entry-client.js',
    isDynamicEntry: true,
    imports: ['_react.js'],
    dynamicImports: [
      'src/web/app/routes/home.tsx',
      'src/web/app/routes/products.tsx',
      'src/web/app/routes/dashboard/layout.tsx',
      'src/web/app/routes/dashboard/sales.tsx',
    ],
  },
  '_react.js': { file: 'assets/react.js' },
  '_last-auth.js': { file: 'assets/last-auth.js' },
  'src/web/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/web/app/routes/products.tsx': {
    file: 'assets/products.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_money.js'],
    css: ['assets/shared.css'],
  },
  '_money.js': { file: 'assets/money.js' },
  'src/web/app/routes/dashboard/layout.tsx': {
    file: 'assets/layout.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_staff-auth.js', '_money.js'],
  },
  '_staff-auth.js': { file: 'assets/staff-auth.js', imports: ['_last-auth.js'] },
  'src/web/app/routes/dashboard/sales.tsx': {
    file: 'assets/sales.js',
    isDynamicEntry: true,
    imports: ['_staff-auth.js'],
    dynamicImports: ['_recharts.js'],
    css: ['assets/sales.css', 'assets/shared.css'],
  },
  '_recharts.js': { file: 'assets/recharts.js', assets: ['assets/chart.svg'] },
};

describe('splitStaffCode', () => {
  it('puts what only the staff route modules reach on the staff side, with its styles and assets', () => {
    const { staffFiles } = splitStaffCode(manifest);
    expect(staffFiles).toEqual([
      'assets/chart.svg',
      'assets/layout.js',
      'assets/recharts.js',
      'assets/sales.css',
      'assets/sales.js',
      'assets/staff-auth.js',
    ]);
  });

  it('keeps on the public side what a visitor or a client can load too', () => {
    const { staffFiles, publicFiles } = splitStaffCode(manifest);
    for (const shared of ['assets/react.js', 'assets/money.js', 'assets/last-auth.js', 'assets/shared.css']) {
      expect(publicFiles).toContain(shared);
      expect(staffFiles).not.toContain(shared);
    }
    expect(publicFiles).toContain('assets/products.js');
    expect(publicFiles).toContain('assets/home.js');
  });

  it('keeps a chunk public when a public route imports it after a staff one did', () => {
    const withShared: ViteManifest = {
      ...manifest,
      'src/web/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_staff-auth.js'] },
    };
    const { staffFiles } = splitStaffCode(withShared);
    expect(staffFiles).not.toContain('assets/staff-auth.js');
    expect(staffFiles).toContain('assets/layout.js');
  });

  it('refuses a manifest without staff route modules rather than precache nothing apart', () => {
    const {
      'src/web/app/routes/dashboard/layout.tsx': _layout,
      'src/web/app/routes/dashboard/sales.tsx': _sales,
      ...rest
    } = manifest;
    expect(() => splitStaffCode(rest)).toThrow(/no staff route module/);
  });
});

describe('splitByRole', () => {
  it("keeps on a visitor's device only the public pages' code and the shell's start-up code", () => {
    const { visitorFiles } = splitByRole(manifest);
    expect(visitorFiles).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/last-auth.js',
      'assets/marketing-page.js',
    ]);
  });

  it('leaves the signed-in app (the entry, the client routes, what they share) to a sign-in', () => {
    const { appFiles, staffFiles } = splitByRole(manifest);
    expect(appFiles).toEqual([
      'assets/entry-client.js',
      'assets/home.js',
      'assets/money.js',
      'assets/products.js',
      'assets/react.js',
      'assets/shared.css',
    ]);
    for (const file of appFiles) expect(staffFiles).not.toContain(file);
  });

  it("leaves to the app what a page loads later and the app shares; a page's own lazy code stays", () => {
    const lazy: ViteManifest = {
      ...manifest,
      'src/web/marketing-page.ts': {
        file: 'assets/marketing-page.js',
        isEntry: true,
        imports: ['_last-auth.js'],
        dynamicImports: ['_end-session.js', '_enhancer.js'],
      },
      '_end-session.js': { file: 'assets/end-session.js' },
      '_enhancer.js': { file: 'assets/enhancer.js' },
      'src/web/entry-client.tsx': {
        ...(manifest['src/web/entry-client.tsx'] as ViteManifest[string]),
        imports: ['_react.js', '_end-session.js'],
      },
    };
    const { visitorFiles, appFiles } = splitByRole(lazy);
    expect(visitorFiles).toContain('assets/enhancer.js');
    expect(appFiles).toContain('assets/end-session.js');
    expect(visitorFiles).not.toContain('assets/end-session.js');
  });

  it('keeps Paystack’s checkout on nobody’s device ahead of time: paying needs the network anyway', () => {
    const paying: ViteManifest = {
      ...manifest,
      'src/web/app/routes/products.tsx': {
        ...(manifest['src/web/app/routes/products.tsx'] as ViteManifest[string]),
        dynamicImports: ['node_modules/@paystack/inline-js/dist/inline.js'],
      },
      'node_modules/@paystack/inline-js/dist/inline.js': {
        file: 'assets/inline.js',
        isDynamicEntry: true,
        imports: ['_money.js', '_paystack-only.js'],
      },
      '_paystack-only.js': { file: 'assets/paystack-only.js' },
    };
    const { appFiles, visitorFiles, staffFiles, networkFiles } = splitByRole(paying);
    expect(networkFiles).toEqual(['assets/inline.js', 'assets/paystack-only.js']);
    // What the app reaches without it stays the app's.
    expect(appFiles).toContain('assets/money.js');
    expect(appFiles).toContain('assets/products.js');
    for (const file of networkFiles) {
      expect(appFiles).not.toContain(file);
      expect(visitorFiles).not.toContain(file);
      expect(staffFiles).not.toContain(file);
    }
    // A build without it has nothing network-only.
    expect(splitByRole(manifest).networkFiles).toEqual([]);
  });

  it("keeps the first views' code apart from the app's: a client's sign-in caches it, the app comes with use", () => {
    const viewsEntry = 'src/web/app/first-views/first-view.ts';
    const withViews: ViteManifest = {
      ...manifest,
      'index.html': {
        ...(manifest['index.html'] as ViteManifest[string]),
        dynamicImports: ['src/web/entry-client.tsx', viewsEntry],
      },
      [viewsEntry]: {
        file: 'assets/first-views.js',
        isDynamicEntry: true,
        imports: ['_views-shared.js', '_last-auth.js'],
        dynamicImports: ['_socket.js'],
        css: ['assets/first-views.css'],
      },
      '_views-shared.js': { file: 'assets/views-shared.js', imports: ['_pages.js'] },
      // Shared with the public pages, which load their forms from it later: not the views' code.
      '_pages.js': { file: 'assets/pages.js', dynamicImports: ['_lead-form.js'] },
      '_lead-form.js': { file: 'assets/lead-form.js' },
      '_socket.js': { file: 'assets/socket.js' },
      'src/web/entry-client.tsx': {
        ...(manifest['src/web/entry-client.tsx'] as ViteManifest[string]),
        imports: ['_react.js', '_views-shared.js', '_socket.js'],
      },
    };
    const { viewsFiles, appFiles, visitorFiles } = splitByRole(withViews);
    // Shared with the app or not, what the views run is theirs; the visitor's code stays in the precache.
    expect(viewsFiles).toEqual([
      'assets/first-views.css',
      'assets/first-views.js',
      'assets/pages.js',
      'assets/socket.js',
      'assets/views-shared.js',
    ]);
    expect(viewsFiles).not.toContain('assets/lead-form.js');
    expect(visitorFiles).toContain('assets/last-auth.js');
    for (const file of viewsFiles) expect(appFiles).not.toContain(file);
    expect(appFiles).toContain('assets/react.js');
    // A build without first views has none.
    expect(splitByRole(manifest).viewsFiles).toEqual([]);
  });

  it("keeps the staff's first views with the staff code: a client's phone never downloads them", () => {
    const clientViews = 'src/web/app/first-views/first-view.ts';
    const withStaffViews: ViteManifest = {
      ...manifest,
      'index.html': {
        ...(manifest['index.html'] as ViteManifest[string]),
        dynamicImports: ['src/web/entry-client.tsx', clientViews, '_staff-views.js'],
      },
      [clientViews]: { file: 'assets/first-views.js', isDynamicEntry: true, imports: ['_first-views-shared.js'] },
      '_first-views-shared.js': {
        file: 'assets/first-views-shared.js',
        name: 'first-views-shared',
        dynamicImports: ['_copy-store.js'],
      },
      '_copy-store.js': { file: 'assets/copy-store.js' },
      // What the staff's views share with the app's dispatch board only: theirs, not a client's.
      '_first-views-styles.js': {
        file: 'assets/first-views-styles.js',
        name: 'first-views-styles',
        css: ['assets/first-views-styles.css'],
      },
      '_staff-views.js': {
        file: 'assets/staff-views.js',
        name: 'staff-views',
        isDynamicEntry: true,
        imports: ['_first-views-shared.js', clientViews, '_first-views-styles.js'],
      },
      'src/web/app/routes/dashboard/sales.tsx': {
        ...(manifest['src/web/app/routes/dashboard/sales.tsx'] as ViteManifest[string]),
        imports: ['_staff-auth.js', '_first-views-styles.js'],
      },
    };
    const { viewsFiles, staffFiles, appFiles } = splitByRole(withStaffViews);
    // The client's views, with what their shared file loads later.
    expect(viewsFiles).toEqual(['assets/copy-store.js', 'assets/first-views-shared.js', 'assets/first-views.js']);
    expect(staffFiles).toEqual(
      expect.arrayContaining([
        'assets/staff-views.js',
        'assets/first-views-styles.js',
        'assets/first-views-styles.css',
      ]),
    );
    for (const file of ['assets/staff-views.js', 'assets/first-views-styles.js', 'assets/first-views-styles.css'])
      expect([...viewsFiles, ...appFiles]).not.toContain(file);
  });
});
