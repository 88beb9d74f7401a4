import { Button, Flex, Textarea, chakra } from '@chakra-ui/react';
import type { HTMLChakraProps, TextareaProps } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { SUPPORT_TEXT_MAX_LENGTH } from '../../../contract/schemas/support';
import { useTypingSignal } from './chatParts';

export interface ChatComposerProps {
  /** Sends the text; the box empties once it resolves and keeps the text if it rejects. */
  sendText: (text: string) => Promise<unknown>;
  /** Sends one picked image (JPEG or PNG) through the upload pipeline. */
  sendImage: (file: File) => Promise<unknown>;
  /** The local typing signal, sent over the socket. */
  onTyping: (typing: boolean) => void;
  labels: { input: string; placeholder: string; send: string; attach: string };
  /** Test ids of the form, the box, the send and attach buttons and the file input. */
  testIds: { form: string; input: string; send: string; attach: string; attachInput: string };
  /** Above the box (the agents' canned replies), given a way to fill the box. */
  above?: (fill: (text: string) => void) => ReactNode;
  /** Enter sends, Shift+Enter makes a new line (the phone's chat); otherwise only the button. */
  enterSends?: boolean;
  formProps?: HTMLChakraProps<'form'> & Record<`data-${string}`, string>;
  textareaProps?: TextareaProps;
}

/**
 * The chat's message box, the same for the customer (`/home/kefuCenter`) and the agents (the
 * back office's `/support`): an image button beside the text box and the send button, typing
 * signals while keys are pressed and "stopped" on sending. One thing is sent at a time.
 */
export function ChatComposer({
  sendText,
  sendImage,
  onTyping,
  labels,
  testIds,
  above,
  enterSends = false,
  formProps,
  textareaProps,
}: ChatComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const file = useRef<HTMLInputElement | null>(null);
  const signal = useTypingSignal(onTyping);
  const blank = text.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || sending) return;
    setSending(true);
    signal.stop();
    sendText(text).then(
      () => {
        setSending(false);
        setText('');
      },
      () => setSending(false),
    );
  };
  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so picking the same file again still fires a change.
    event.target.value = '';
    if (!picked || sending) return;
    setSending(true);
    sendImage(picked).then(
      () => setSending(false),
      () => setSending(false),
    );
  };

  return (
    <chakra.form onSubmit={submit} {...formProps} data-testid={testIds.form}>
      {above?.(setText)}
      <Flex gap="2" align="flex-end">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => file.current?.click()}
          disabled={sending}
          data-testid={testIds.attach}
        >
          {labels.attach}
        </Button>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png"
          hidden
          onChange={attach}
          aria-label={labels.attach}
          data-testid={testIds.attachInput}
        />
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            signal.onInput();
          }}
          onKeyDown={
            enterSends
              ? (e) => {
                  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
                }
              : undefined
          }
          placeholder={labels.placeholder}
          aria-label={labels.input}
          maxLength={SUPPORT_TEXT_MAX_LENGTH}
          flex="1"
          {...textareaProps}
          data-testid={testIds.input}
        />
        <Button
          type="submit"
          size="sm"
          colorPalette="blue"
          disabled={blank}
          loading={sending}
          data-testid={testIds.send}
        >
          {labels.send}
        </Button>
      </Flex>
    </chakra.form>
  );
}
