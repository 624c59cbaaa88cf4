/**
 * A spec that the diff engine or the changelog cannot work with. The message
 * names the cause in plain words; callers that know the file add its path.
 */
export class SpecDiffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecDiffError';
  }
}
