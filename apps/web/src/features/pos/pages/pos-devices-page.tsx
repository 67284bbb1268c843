// POS devices (route pos-devices): breadcrumb App > POS, an Add button, the list a page at a time.
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { usePosDeviceList } from '../api/pos-calls.ts';
import { PosBreadcrumb } from '../components/pos-breadcrumb.tsx';
import { PosDevicesTable } from '../components/pos-devices-table.tsx';

export function PosDevicesPage() {
  const pager = useUrlPager();
  const list = usePosDeviceList(pager);
  return (
    <Stack gap="lg">
      <PosBreadcrumb />
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          POS Devices
        </Title>
        <Button component={Link} to={MERCHANT_PATHS.posAdd}>
          Add
        </Button>
      </Group>
      <PosDevicesTable list={list} />
    </Stack>
  );
}
