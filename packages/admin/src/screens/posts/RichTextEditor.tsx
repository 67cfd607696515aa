import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/http.js';

interface RichTextEditorProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (html: string) => void;
  /** Stores an image and answers its URL (the media upload). */
  readonly uploadImage: (file: File) => Promise<{ assetUrl: string }>;
}

/**
 * The rich text of a post or event (TipTap, decision 0047): a toolbar of labelled toggle
 * buttons (Bold, Italic, Heading, Bulleted list, Numbered list, Quote, Image) and the text.
 * Ctrl+B, Ctrl+I and the other TipTap shortcuts work from the keyboard; Tab leaves the text.
 */
export default function RichTextEditor({ label, value, onChange, uploadImage }: RichTextEditorProps) {
  const labelId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false }), Image],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: 'rich-text-area' } },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const buttons = [
    { name: 'Bold', pressed: active?.bold, run: () => chain().toggleBold().run() },
    { name: 'Italic', pressed: active?.italic, run: () => chain().toggleItalic().run() },
    { name: 'Heading', pressed: active?.heading, run: () => chain().toggleHeading({ level: 2 }).run() },
    { name: 'Bulleted list', pressed: active?.bullet, run: () => chain().toggleBulletList().run() },
    { name: 'Numbered list', pressed: active?.ordered, run: () => chain().toggleOrderedList().run() },
    { name: 'Quote', pressed: active?.quote, run: () => chain().toggleBlockquote().run() },
  ];

  async function insertImage(file: File) {
    setImageError(null);
    try {
      const image = await uploadImage(file);
      const alt = window.prompt('Describe the image for people who cannot see it (alt text)', '') ?? '';
      chain().setImage({ src: image.assetUrl, alt }).run();
    } catch (error) {
      setImageError(errorMessage(error));
    }
  }

  return (
    <div className="field rich-text">
      <span className="label" id={labelId}>
        {label}
      </span>
      <div className="rich-text-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        {buttons.map((button) => (
          <button key={button.name} type="button" className="secondary" aria-pressed={button.pressed ?? false} onClick={button.run}>
            {button.name}
          </button>
        ))}
        <button type="button" className="secondary" onClick={() => fileInput.current?.click()}>
          Image
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          aria-label="Image to insert"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
      {imageError && (
        <p className="field-error" role="alert">
          {imageError}
        </p>
      )}
    </div>
  );
}
