import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { NicknameSchema, SEXES, SetUserInfoSchema, UploadResultSchema, UserInfoSchema, type SetUserInfoInput, type UserInfo } from '@bazaar/shared/schemas/account';
import { api } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { firstIssue } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { FormError } from '../../components/ui/form-error.tsx';
import { IMAGE_ACCEPT, checkImageFile } from '../../lib/image-file.ts';
import { storeLoginResult } from './login-session.ts';
import { UserAvatar } from './user-avatar.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

type Field = 'avatar' | 'nickName' | 'sex' | 'birthDate' | 'form';
type Sex = (typeof SEXES)[number];

/** Today in GMT+8 as yyyy-MM-dd: the latest birthday the API accepts. */
function todayGmt8(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Account info: avatar (checked before upload, then previewed), nickname, gender and birthday. */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const fileInput = useRef<HTMLInputElement>(null);
  const [nickName, setNickName] = useState(user.nickName);
  const [sex, setSex] = useState<Sex | null>(user.sex);
  const [birthDate, setBirthDate] = useState(user.birthDate ?? '');
  const [avatarUrl, setAvatarUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const hydrated = useHydrated();
  const { errors, setErrors, busy: saving, submit, fail } = useFormSubmit<Field>();

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a fix, so the picker is always emptied.
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setErrors({ avatar: t(problem) });
      return;
    }
    setErrors({});
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const { url } = await api('/p/file/upload/img', { method: 'POST', body: form, schema: UploadResultSchema, silent: true });
      setAvatarUrl(url);
      showToast(t('userCenter.account.uploaded'), { kind: 'info' });
    } catch (err) {
      fail(err, 'avatar');
    } finally {
      setUploading(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const body: SetUserInfoInput = {
      nickName: nickName.trim(),
      ...(avatarUrl ? { avatarUrl } : {}),
      ...(sex ? { sex } : {}),
      ...(birthDate ? { birthDate } : {}),
    };
    // The nickname first, then the same schema the API applies (birthday format, gender); the first message is shown.
    const nickNameIssue = firstIssue(NicknameSchema.safeParse(nickName), 'nickName' as Field, t);
    const checked = SetUserInfoSchema.safeParse(body);
    void submit(
      async () => {
        if (!checked.success) return;
        const saved = await api('/p/user/setUserInfo', { method: 'PUT', body: checked.data, schema: UserInfoSchema, silent: true });
        storeLoginResult(saved);
        setAvatarUrl(null);
        showToast(t('userCenter.account.saved'), { kind: 'success' });
        // The top bar and this page read the user from the root loader.
        await revalidator.revalidate();
      },
      { problems: nickNameIssue.nickName ? nickNameIssue : firstIssue(checked, 'form' as Field, t), field: 'form' },
    );
  }

  const shownAvatar = avatarUrl ?? user.pic;
  return (
    <form className="account-form uc-profile-form" onSubmit={onSubmit} noValidate>
      <div className={`field uc-avatar${errors.avatar ? ' field--invalid' : ''}`}>
        <span className="field__label" id="uc-avatar-label">
          {t('userCenter.account.avatar')}
        </span>
        <div className="uc-avatar__row">
          <UserAvatar src={shownAvatar} alt={t(avatarUrl ? 'userCenter.account.avatarPreviewAlt' : 'userCenter.account.avatarAlt')} />
          <div className="uc-avatar__actions">
            <input
              ref={fileInput}
              id="uc-avatar-file"
              className="visually-hidden"
              type="file"
              name="file"
              accept={IMAGE_ACCEPT}
              onChange={(event) => void onFileChosen(event)}
              aria-labelledby="uc-avatar-label uc-avatar-button"
              aria-describedby={errors.avatar ? 'uc-avatar-error' : 'uc-avatar-hint'}
              tabIndex={-1}
              disabled={!hydrated || uploading}
            />
            <Button id="uc-avatar-button" variant="secondary" onClick={() => fileInput.current?.click()} disabled={!hydrated || uploading}>
              {uploading ? t('userCenter.account.uploading') : t('userCenter.account.upload')}
            </Button>
            <p id="uc-avatar-hint" className="field__hint">
              {t('userCenter.account.uploadHint')}
            </p>
          </div>
        </div>
        {errors.avatar ? (
          <p id="uc-avatar-error" className="field__error" role="alert">
            {errors.avatar}
          </p>
        ) : null}
      </div>

      <dl className="uc-facts">
        <dt>{t('userCenter.account.userName')}</dt>
        <dd>{user.userName ?? t('userCenter.account.userNameNone')}</dd>
        <dt>{t('userCenter.account.mobile')}</dt>
        <dd>{user.mobile}</dd>
      </dl>

      <TextField
        label={t('userCenter.account.nickName')}
        name="nickName"
        autoComplete="nickname"
        placeholder={t('userCenter.account.nickNamePlaceholder')}
        value={nickName}
        onChange={(event) => setNickName(event.target.value)}
        error={errors.nickName}
      />

      <fieldset className={`field uc-sex${errors.sex ? ' field--invalid' : ''}`}>
        <legend className="field__label">{t('userCenter.account.sex')}</legend>
        <div className="uc-sex__options">
          {SEXES.map((value) => (
            <label key={value} className="uc-sex__option">
              <input type="radio" name="sex" value={value} checked={sex === value} onChange={() => setSex(value)} />
              {t(value === 'M' ? 'userCenter.account.male' : 'userCenter.account.female')}
            </label>
          ))}
        </div>
        {errors.sex ? (
          <p className="field__error" role="alert">
            {errors.sex}
          </p>
        ) : null}
      </fieldset>

      <TextField
        label={t('userCenter.account.birthDate')}
        name="birthDate"
        type="date"
        min="1900-01-01"
        max={todayGmt8()}
        value={birthDate}
        onChange={(event) => setBirthDate(event.target.value)}
        error={errors.birthDate}
      />

      <FormError message={errors.form} />
      <Button type="submit" size="lg" disabled={!hydrated || saving || uploading}>
        {saving ? t('userCenter.account.saving') : t('userCenter.account.save')}
      </Button>
    </form>
  );
}
