// The product description's editor: TipTap (ProseMirror) with the few marks a description needs
// and pictures uploaded through the upload module. The server sanitizes whatever arrives
// (lib/rich-text.ts on the API); this only keeps the editing pleasant.
import { useEffect, useRef, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { App, Button, Space, Tooltip } from 'antd';
// Each icon from its own module: the package index would pull all ~1,600 icons into the build's graph.
import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import FontSizeOutlined from '@ant-design/icons/es/icons/FontSizeOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { useI18n } from '../lib/i18n.tsx';
import { uploadProductImage } from './products-upload.ts';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
}

export function RichTextEditor({ id, label, value, onChange }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false, code: false, codeBlock: false }), Image],
    content: value,
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'bazaar-rich-text' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A product loaded after the editor was made (the edit page) replaces its content once.
  const loaded = useRef(false);
  useEffect(() => {
    if (editor && !loaded.current && value && editor.isEmpty) {
      editor.commands.setContent(value, { emitUpdate: false });
      loaded.current = true;
    }
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });

  async function insertPicture(file: File) {
    try {
      const uploaded = await uploadProductImage(file, lang, () => undefined);
      editor?.chain().focus().setImage({ src: uploaded.url, alt: '' }).run();
    } catch (err) {
      void message.error(err instanceof Error && err.message ? err.message : t('products.form.uploadFailed'));
    }
  }

  // Icon buttons named by their label (the icons themselves are hidden from assistive technology).
  const button = (key: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(`products.editor.${key}`)} key={key}>
      <Button size="small" type={active ? 'primary' : 'default'} aria-pressed={active} aria-label={t(`products.editor.${key}`)} icon={<span aria-hidden="true">{icon}</span>} onClick={run} />
    </Tooltip>
  );

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space wrap role="toolbar" aria-label={t('products.editor.toolbar', { name: label })} style={{ padding: 6, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {button('bold', <BoldOutlined />, state?.bold ?? false, () => editor?.chain().focus().toggleBold().run())}
        {button('italic', <ItalicOutlined />, state?.italic ?? false, () => editor?.chain().focus().toggleItalic().run())}
        {button('heading', <FontSizeOutlined />, state?.heading ?? false, () => editor?.chain().focus().toggleHeading({ level: 3 }).run())}
        {button('bulletList', <UnorderedListOutlined />, state?.bullet ?? false, () => editor?.chain().focus().toggleBulletList().run())}
        {button('orderedList', <OrderedListOutlined />, state?.ordered ?? false, () => editor?.chain().focus().toggleOrderedList().run())}
        {button('image', <PictureOutlined />, false, () => fileInput.current?.click())}
        {button('undo', <UndoOutlined />, false, () => editor?.chain().focus().undo().run())}
        {button('redo', <RedoOutlined />, false, () => editor?.chain().focus().redo().run())}
      </Space>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/gif"
        hidden
        aria-label={t('products.editor.image')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertPicture(file);
        }}
      />
      <EditorContent editor={editor} style={{ minHeight: 160, padding: '4px 11px' }} />
    </div>
  );
}
