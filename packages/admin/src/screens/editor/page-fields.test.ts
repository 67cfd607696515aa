import { describe, expect, it } from 'vitest';
import { fieldsOf, pageSubject, sameFields, titleProblem, withBlockText } from './page-fields.js';

const published = {
  title: 'About',
  navigationTitle: 'About us',
  description: 'Who we are',
  blocks: [
    { typeName: 'html', html: '<p>Hi</p>' },
    { typeName: 'form', formId: 'f' },
  ],
};

describe('page fields of the editor', () => {
  it('starts from the published fields, the draft winning where it has a field', () => {
    expect(fieldsOf(published, null, true)).toEqual(published);
    expect(fieldsOf(published, { title: 'Our story' }, true)).toEqual({ ...published, title: 'Our story' });
  });

  it('leaves blocks out for pages without a block field', () => {
    expect(fieldsOf(published, null, false)).toEqual({ title: 'About', navigationTitle: 'About us', description: 'Who we are' });
  });

  it('changes one text block and keeps the others as they were', () => {
    const fields = withBlockText(fieldsOf(published, null, true), 0, '<p>Hello</p>');
    expect(fields.blocks).toEqual([
      { typeName: 'html', html: '<p>Hello</p>' },
      { typeName: 'form', formId: 'f' },
    ]);
    expect(sameFields(fields, fieldsOf(published, null, true))).toBe(false);
    expect(sameFields(fieldsOf(published, null, true), fieldsOf(published, {}, true))).toBe(true);
  });

  it('names the subject and refuses an empty title', () => {
    expect(pageSubject('abc')).toBe('collection:abc');
    expect(titleProblem({ title: '  ', navigationTitle: '', description: '' })).toBe('A page needs a title.');
    expect(titleProblem({ title: 'x', navigationTitle: '', description: '' })).toBeUndefined();
  });
});
