import { Divider, Stack, Title } from '@mantine/core';
import { PasswordSection } from '../components/password-form.tsx';
import { ProfileSection } from '../components/profile-form.tsx';

export function AccountScreen() {
  return (
    <Stack gap="xl">
      <Title order={1}>User account</Title>
      <ProfileSection />
      <Divider />
      <PasswordSection />
    </Stack>
  );
}
