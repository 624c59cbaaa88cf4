import {useId, useMemo, type ReactNode} from 'react';
import type {SecuritySchemeModel, ServerModel} from '@site/src/openapi/models/model-types';
import AuthorizeDialog from './AuthorizePanel';
import ServerFields from './ServerFields';
import {chosenServer, serverChoices} from './server-url';
import {useExplorerSession, useSignInReturn} from './session-store';
import styles from './styles.module.css';
import {useCredentialScope} from '@site/src/components/ApiCatalog/use-current-api';

/**
 * The Authorize panel outside an operation (the overview page): the server
 * choice and every scheme, the same session as the explorers'. Opens at once;
 * closing it hands focus back to the button that opened it.
 */
export default function StandaloneAuthorize({servers, schemes, onClose}: {servers: ServerModel[]; schemes: SecuritySchemeModel[]; onClose: () => void}): ReactNode {
  const idPrefix = useId();
  const [session, update, signOut] = useExplorerSession();
  const scope = useCredentialScope();
  const choices = useMemo(() => serverChoices({servers}), [servers]);
  const {index, choice, baseUrl, credentialsKey} = chosenServer(choices, session, scope);
  const notice = useSignInReturn(update);
  const context = {
    schemes,
    serverKey: credentialsKey,
    serverLabel: choice.custom ? baseUrl || 'the custom server' : choice.sandbox ? 'the sandbox' : baseUrl,
    baseUrl,
    sandbox: choice.sandbox,
    session,
    update,
    signOut,
  };
  return (
    <AuthorizeDialog open onClose={onClose} context={context} notice={notice}>
      <div className={styles.explorer}>
        <ServerFields idPrefix={idPrefix} choices={choices} index={index} session={session} update={update} />
      </div>
    </AuthorizeDialog>
  );
}
