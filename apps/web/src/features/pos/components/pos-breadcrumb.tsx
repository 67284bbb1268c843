// Breadcrumb App > POS (spec 3 section 2.3), with the screen's own name after it where there is one.
import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';

export function PosBreadcrumb({ current }: { current?: string }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb">
      <Anchor component={Link} to="/app" size="sm">
        App
      </Anchor>
      {current ? (
        <Anchor component={Link} to={MERCHANT_PATHS.posDevices} size="sm">
          POS
        </Anchor>
      ) : (
        <Anchor component="span" size="sm" c="dimmed" aria-current="page">
          POS
        </Anchor>
      )}
      {current && (
        <Anchor component="span" size="sm" c="dimmed" aria-current="page">
          {current}
        </Anchor>
      )}
    </Breadcrumbs>
  );
}
