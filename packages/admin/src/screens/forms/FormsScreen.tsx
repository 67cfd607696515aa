import { useQuery } from '../../api/use-query.js';
import { Link } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Loading } from '../../ui/Loading.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import { FORMS_PATH, type OwnerForm } from './form-types.js';

/** The site's forms, each linking to its submissions and settings. */
export default function FormsScreen() {
  const forms = useQuery<{ forms: OwnerForm[] }>(FORMS_PATH);
  return (
    <>
      <ScreenHeading>Forms</ScreenHeading>
      {forms.status === 'loading' && <Loading />}
      <ErrorText error={forms.error} />
      {forms.data && forms.data.forms.length === 0 && <p>This site has no forms yet.</p>}
      {forms.data && forms.data.forms.length > 0 && (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Forms of this site</caption>
            <thead>
              <tr>
                <th scope="col">Form</th>
                <th scope="col">Fields</th>
                <th scope="col">Submissions mailed to</th>
                <th scope="col">Last changed</th>
              </tr>
            </thead>
            <tbody>
              {forms.data.forms.map((form) => (
                <tr key={form.id}>
                  <td>
                    <Link to={`/forms/${encodeURIComponent(form.id)}`}>{form.name || form.id}</Link>
                  </td>
                  <td>{form.fields.length}</td>
                  <td>{form.storage.email || '—'}</td>
                  <td>{new Date(form.updatedAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
