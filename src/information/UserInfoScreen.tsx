import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  Image,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { seatAccountMachine } from '../../machines/seat-account';
import type { ProfileDto } from '../../contract/schemas/service';
import { nicknameRequest } from '../../contract/schemas/service';
import { call } from '../api';
import { uploadAvatar } from '../api/uploadAvatar';
import { BackHeader } from '../components/BackHeader';
import { UserIcon } from '../components/icons';
import { notify } from '../components/toaster';
import { translateFieldError } from '../i18n/translateRefusal';
import { customerKycLook } from '../lifecycle/kycLook';
import { paletteOf } from '../lifecycle/tones';
import { useLifecycleWords } from '../lifecycle/words';
import { Row } from './DetailRow';
import { ListFailed, ListLoading } from './LoadState';
import { useLoaded } from './useLoaded';

/**
 * /information/userInfo — the profile (docs/service.md): avatar (re-encoded by the server as a
 * small square), nickname, the account masked, the account ID, identity state and institution,
 * and the seat account: apply, see the review's outcome and the commission a seat account pays.
 */
export default function UserInfoScreen() {
  const { t } = useTranslation();
  const loaded = useLoaded(() => call('profile', {}));
  const [profile, setProfile] = useState<ProfileDto | null>(null);
  const data = profile ?? loaded.data;

  let body;
  if (data) {
    body = (
      <>
        <AvatarCard profile={data} onChange={setProfile} />
        <NicknameCard profile={data} onChange={setProfile} />
        <IdentityCard profile={data} />
        <SeatCard profile={data} onChange={setProfile} />
      </>
    );
  } else if (loaded.failed) {
    body = (
      <ListFailed
        text={t('service.profile.loadFailed')}
        onRetry={loaded.reload}
        testId="profile-error"
      />
    );
  } else {
    body = <ListLoading testId="profile-loading" />;
  }
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('service.profile.title')} />
      <Stack gap="4" px="4" pt="4">
        {body}
      </Stack>
    </Box>
  );
}

const Card = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Box bg="bg" borderRadius="xl" p="4" data-testid={testId}>
    {children}
  </Box>
);

function AvatarCard({
  profile,
  onChange,
}: {
  profile: ProfileDto;
  onChange: (next: ProfileDto) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const { avatar } = await uploadAvatar(file);
      onChange({ ...profile, avatar });
      notify(t('service.profile.avatarSaved'), 'success');
    } catch {
      // Refused (type, size): toasted by the client.
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Card testId="profile-card">
      <Flex align="center" gap="4">
        <Flex
          w="20"
          h="20"
          borderRadius="full"
          bg="bg.muted"
          align="center"
          justify="center"
          overflow="hidden"
          flexShrink={0}
        >
          {profile.avatar ? (
            <Image
              src={profile.avatar}
              alt={t('service.profile.avatarAlt')}
              w="full"
              h="full"
              data-testid="profile-avatar"
            />
          ) : (
            <UserIcon width="10" height="10" />
          )}
        </Flex>
        <Box minW="0" flex="1">
          <Text fontSize="lg" fontWeight="bold" truncate data-testid="profile-nickname">
            {profile.nickname ?? profile.accountMasked}
          </Text>
          <Button
            mt="2"
            size="sm"
            variant="outline"
            loading={busy}
            onClick={() => input.current?.click()}
            data-testid="profile-avatar-pick"
          >
            {t('service.profile.changeAvatar')}
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png"
            hidden
            aria-label={t('service.profile.changeAvatar')}
            data-testid="profile-avatar-input"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Box>
      </Flex>
    </Card>
  );
}

function NicknameCard({
  profile,
  onChange,
}: {
  profile: ProfileDto;
  onChange: (next: ProfileDto) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(profile.nickname ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const body = { nickname: value.trim() };
    try {
      await nicknameRequest.validate(body, { strict: true });
    } catch (e) {
      if (e instanceof ValidationError) setError(translateFieldError(e.message, 'nickname'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onChange(await call('profileNickname', body));
      notify(t('service.profile.nicknameSaved'), 'success');
    } catch {
      // Refused: toasted by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <Field.Root id="field-nickname" invalid={error !== null}>
        <Field.Label fontSize="sm" color="fg.muted" fontWeight="medium">
          {t('service.profile.nickname')}
        </Field.Label>
        <Flex gap="2" w="full">
          <Input
            name="nickname"
            value={value}
            maxLength={20}
            onChange={(e) => setValue(e.target.value)}
            data-testid="profile-nickname-input"
          />
          <Button onClick={() => void save()} loading={busy} data-testid="profile-nickname-save">
            {t('service.profile.save')}
          </Button>
        </Flex>
        {error ? (
          <Field.ErrorText data-testid="profile-nickname-error">{error}</Field.ErrorText>
        ) : null}
      </Field.Root>
    </Card>
  );
}

function IdentityCard({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation();
  const kyc = customerKycLook(useLifecycleWords(), profile.kycState);
  return (
    <Card testId="profile-identity">
      <Stack gap="0">
        <Row label={t('service.profile.account')} testId="profile-account">
          {profile.accountMasked}
        </Row>
        <Row label={t('mine.accountId')}>{profile.accountId}</Row>
        <Row label={t('service.profile.identity')}>
          <Badge colorPalette={kyc.palette} data-testid="profile-kyc">
            {kyc.label}
          </Badge>
        </Row>
        <Row label={t('service.profile.institution')}>{profile.institution}</Row>
      </Stack>
    </Card>
  );
}

function SeatCard({
  profile,
  onChange,
}: {
  profile: ProfileDto;
  onChange: (next: ProfileDto) => void;
}) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const [busy, setBusy] = useState(false);
  const { seat } = profile;
  const apply = async () => {
    setBusy(true);
    try {
      onChange({ ...profile, seat: await call('seatApply', {}) });
      notify(t('service.seat.applied'), 'success');
    } catch {
      // Refused ("already a seat account", "already under review"): toasted by the client.
    } finally {
      setBusy(false);
    }
  };
  const percent = (seat.commissionPpm / 10_000).toLocaleString(undefined, {
    maximumFractionDigits: 4,
  });
  return (
    <Card testId="profile-seat">
      <Flex justify="space-between" align="center" mb="2">
        <Heading as="h2" size="sm">
          {t('service.seat.title')}
        </Heading>
        <Badge colorPalette={paletteOf(seatAccountMachine, seat.state)} data-testid="seat-state">
          {words.state('seatAccount', seat.state)}
        </Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {t('service.seat.explain', { percent })}
      </Text>
      {seat.rejectionReason ? (
        <Text mt="2" fontSize="sm" color="red.700" data-testid="seat-reason">
          {t('service.seat.reason', { reason: seat.rejectionReason })}
        </Text>
      ) : null}
      {seat.accepts.includes('seat.apply') ? (
        <Button
          mt="3"
          w="full"
          loading={busy}
          onClick={() => void apply()}
          data-testid="seat-apply"
        >
          {t('service.seat.apply')}
        </Button>
      ) : null}
    </Card>
  );
}
