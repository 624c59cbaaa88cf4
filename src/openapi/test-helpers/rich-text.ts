import type {RichText, RichTextElement, RichTextNode} from '../models/model-types';

/** Every element of a rendered description, depth first. */
export function elementsOf(tree: RichText): RichTextElement[] {
  const result: RichTextElement[] = [];
  const visit = (nodes: RichTextNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      result.push(node);
      visit(node.children);
    }
  };
  if (tree) visit(tree.children);
  return result;
}
