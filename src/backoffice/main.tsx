import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackofficeApp } from './BackofficeApp';
import { createStaffClient, setStaffClient } from './api';
import { boI18n, refusalText, startBackofficeI18n, storedLanguageOf } from './i18n';
import { createBackofficeRouter } from './router';
import { staffSession } from './session';
import { toast } from './toaster';

const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root');
const root = createRoot(container);

async function boot(): Promise<void> {
  await startBackofficeI18n();
  const router = createBackofficeRouter();
  setStaffClient(
    createStaffClient({
      token: () => staffSession.get().token,
      language: () => storedLanguageOf(boI18n.language),
      onUnauthorized: () => {
        staffSession.signOut();
        void router.navigate('/login');
      },
      notify: (text) => toast(text, 'error'),
      translate: refusalText,
    }),
  );
  root.render(
    <StrictMode>
      <BackofficeApp router={router} />
    </StrictMode>,
  );
}

void boot();
