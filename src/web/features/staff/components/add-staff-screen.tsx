import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type StaffAccess, type StaffRole, staffAccessValues, staffRoleValues } from '../../../../domain/enums';
import { filterMobileInput, isValidMobileFormat, mobileFormatMessage } from '../../../../domain/phone';
import type { StaffMember } from '../../../../domain/schemas/staff';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { createStaff } from '../api/create-staff';
import { activeStaffQueryOptions } from '../api/get-active-staff';
import { staffKeys } from '../api/keys';

const accessHelp: Record<StaffAccess, string> = {
  Admin: 'Admin: catalogue, suppliers, adding staff',
  Staff: 'Staff: the counter',
  Manager: 'Manager: everything',
  CEO: 'CEO: everything',
  Accountant: 'Accountant: sales and shifts',
  All: 'All',
};

const readableDescription = { description: { color: 'var(--mantine-color-dimmed)' } };

/** Make a phone number staff with a role and accesses; lists the current staff. */
export function AddStaffScreen() {
  const queryClient = useQueryClient();
  const staffList = useQuery(activeStaffQueryOptions());
  const [phone, setPhone] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [access, setAccess] = useState<string[]>(['Staff']);
  const [current, setCurrent] = useState(true);
  const keys = useIdempotencyKey();
  const phoneError = phone.length === 11 && !isValidMobileFormat(phone) ? mobileFormatMessage : null;

  const mutation = useMutation({
    mutationFn: () => {
      const body = {
        phoneNumber: phone,
        role: role as StaffRole,
        access: access as StaffAccess[],
        firstname: firstname.trim() || undefined,
        lastname: lastname.trim() || undefined,
        isCurrentStaff: current,
      };
      return createStaff(body, keys.keyFor(body));
    },
    onSuccess: (result) => {
      notifications.show({
        color: 'green',
        message: result.created ? `${result.staff.phoneLocal} is now staff` : `${result.staff.phoneLocal} was updated`,
      });
      // The whole form starts again: a role and accesses left from the last person would be
      // given to the next one unnoticed.
      fill(null);
      keys.renew();
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
  /** The form for this staff member (their record, to change it), or empty for a new one. */
  function fill(member: StaffMember | null) {
    setPhone(member?.phoneLocal ?? '');
    setFirstname(member?.firstname ?? '');
    setLastname(member?.lastname ?? '');
    setRole(member?.role ?? null);
    setAccess(member ? [...member.access] : ['Staff']);
    setCurrent(member?.isCurrentStaff ?? true);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  const canSubmit = isValidMobileFormat(phone) && role !== null && access.length > 0;

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Add staff</Title>
      <Card withBorder padding="lg" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Mobile number"
              description="The number they sign in with; an account is created if they have none."
              value={phone}
              onChange={(e) => setPhone(filterMobileInput(e.currentTarget.value))}
              error={phoneError}
              inputMode="numeric"
              autoComplete="off"
              styles={readableDescription}
              required
            />
            <Select label="Role" data={staffRoleValues} value={role} onChange={setRole} required searchable />
            <TextInput label="First name" value={firstname} onChange={(e) => setFirstname(e.currentTarget.value)} />
            <TextInput label="Last name" value={lastname} onChange={(e) => setLastname(e.currentTarget.value)} />
          </SimpleGrid>
          <MultiSelect
            label="Access"
            description="CEO and Manager pass every check; only a CEO gives CEO access."
            data={staffAccessValues.map((a) => ({ value: a, label: accessHelp[a] }))}
            value={access}
            onChange={setAccess}
            required
            styles={readableDescription}
          />
          <Checkbox
            label="Works here now (untick to end their employment)"
            checked={current}
            onChange={(e) => setCurrent(e.currentTarget.checked)}
          />
          {mutation.error && (
            <Alert color="red" title="Not saved">
              {mutation.error.message}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={mutation.isPending} disabled={!canSubmit}>
              Save staff member
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Current staff
        </Title>
        {staffList.error instanceof ApiError && staffList.error.status === 403 ? (
          <Text c="dimmed">Listing staff needs Admin or Accountant access.</Text>
        ) : (
          <DataTable minWidth={520} columns={['Name', 'Role', 'Access', 'Shift']} actions>
            {(staffList.data ?? []).map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text size="sm">{[s.firstname, s.lastname].filter(Boolean).join(' ') || '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {s.phoneLocal}
                  </Text>
                </Table.Td>
                <Table.Td>{s.role}</Table.Td>
                <Table.Td>{s.access.join(', ')}</Table.Td>
                <Table.Td>
                  {s.shift ? (
                    <StatusBadge tone="ok">On shift</StatusBadge>
                  ) : (
                    <StatusBadge tone="neutral">Off</StatusBadge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={`Change ${[s.firstname, s.lastname].filter(Boolean).join(' ') || s.phoneLocal}`}
                    onClick={() => {
                      fill(s);
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                  >
                    Change
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Card>
    </Stack>
  );
}
