// Routes of /api/staff: the staff list shows who is on a shift, and someone who leaves has their
// shift ended, so both calls take the shift module's functions.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
//
// Granting CEO needs CEO; granting Manager needs CEO or Manager; nobody edits their own record.
import { activeStaffResponseSchema } from '../../../domain/schemas/staff';
import { routesOf } from '../../lib/route';
import { createStaffRoute, listStaffOnShift } from '../shift';

const staffRoutes = routesOf('staff', async (app, route) => {
  await app.register(createStaffRoute('/create', ['staff']));

  app.get(
    '/active',
    route('Current staff, with who is on a shift', { who: app.requireStaff(), ok: activeStaffResponseSchema }),
    async () => listStaffOnShift(app.db, { currentOnly: true }),
  );
});

export default staffRoutes;
