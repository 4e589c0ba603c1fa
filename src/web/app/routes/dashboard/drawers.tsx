import '@mantine/dates/styles.css';
import { DrawersReport } from '../../../features/shift/components/drawers-report';

export function Component() {
  return <DrawersReport />;
}
