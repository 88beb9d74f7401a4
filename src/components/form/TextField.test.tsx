import { screen } from '@testing-library/react';
import { Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/renderWithApp';
import { TextField } from './TextField';

describe('TextField', () => {
  it('binds its label to the input, with or without a placeholder or a helper', async () => {
    await renderWithApp(
      <Formik initialValues={{ password: '', fundPassword: '' }} onSubmit={() => undefined}>
        <form>
          <TextField name="password" type="password" helper="8 or more characters" />
          <TextField name="fundPassword" type="password" label="새 자금 비밀번호" />
        </form>
      </Formik>,
    );
    // The accessible name comes from the <label for>, not from a placeholder or title.
    const password = screen.getByLabelText('비밀번호');
    expect(password.getAttribute('name')).toBe('password');
    expect(password.id).toBe('field-password');
    const fund = screen.getByLabelText('새 자금 비밀번호');
    expect(fund.getAttribute('name')).toBe('fundPassword');
    expect(document.querySelector('label[for="field-fundPassword"]')?.textContent).toBe(
      '새 자금 비밀번호',
    );
  });
});
