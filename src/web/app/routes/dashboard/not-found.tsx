import { paths } from '../../../lib/paths';
import { NotFoundScreen } from '../not-found';

export function Component() {
  return <NotFoundScreen homeHref={paths.dashboard.root.getHref()} />;
}
