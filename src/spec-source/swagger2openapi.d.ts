// swagger2openapi 7 ships no types; this covers the one function used here.
declare module 'swagger2openapi' {
  interface ConvertResult {
    openapi: Record<string, unknown>;
  }
  export function convertObj(swagger: object, options: Record<string, unknown>): Promise<ConvertResult>;
  const swagger2openapi: {convertObj: typeof convertObj};
  export default swagger2openapi;
}
