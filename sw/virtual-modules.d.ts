// The build's code by role (URLs and version), computed from the Vite manifest by vite.config.ts.
declare module 'virtual:arrive-staff-code' {
  import type { StaffCodeManifest } from '../src/domain/staff-code';

  const manifest: StaffCodeManifest;
  export default manifest;
}
declare module 'virtual:arrive-app-code' {
  import type { StaffCodeManifest } from '../src/domain/staff-code';

  const manifest: StaffCodeManifest;
  export default manifest;
}
declare module 'virtual:arrive-views-code' {
  import type { StaffCodeManifest } from '../src/domain/staff-code';

  const manifest: StaffCodeManifest;
  export default manifest;
}
