import { useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { FormSettingsEditor } from './FormSettingsEditor.js';
import { FORMS_PATH, type OwnerForm } from './form-types.js';
import { SubmissionsTable } from './SubmissionsTable.js';

/** One form: its submissions (paged, CSV) and its settings editor. */
export default function FormScreen({ formId }: { readonly formId: string }) {
  const forms = useQuery<{ forms: OwnerForm[] }>(FORMS_PATH);
  const form = forms.data?.forms.find((candidate) => candidate.id === formId);
  if (forms.status === 'loading') return <Loading />;
  if (!form) {
    return (
      <>
        <ScreenHeading>Form not found</ScreenHeading>
        <ErrorText error={forms.error} />
        <p>
          This site has no such form. <Link to="/forms">Back to Forms</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="breadcrumb">
        <Link to="/forms">Forms</Link>
      </p>
      <ScreenHeading>{form.name || form.id}</ScreenHeading>
      <SubmissionsTable form={form} />
      <FormSettingsEditor form={form} />
    </>
  );
}
