// @ts-check
// An ESLint plugin with one rule, `module-faces`: a file of src/ may import another module's
// public files only (its face, named once in eslint.config.mjs), and a folder given a door may be
// entered from outside through that door only. Imports are resolved against the importing file,
// so `../imports/x` from src/catalog/ and from src/mcp/tools/ are told apart.
import path from 'node:path';

/** `dir/` names a folder and everything under it; anything else names one file, without its extension. */
function matches(entries, relative) {
  return entries.some((entry) => (entry.endsWith('/') ? relative.startsWith(entry) : relative === entry));
}

const withoutExtension = (file) => file.replace(/\.(ts|js|mjs)$/, '');

/** @type {import('eslint').Rule.RuleModule} */
const moduleFaces = {
  meta: {
    type: 'problem',
    docs: { description: "Import another module's public face only, and a folder with a door through its door" },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          faces: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          doors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'faces'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "'{{source}}' is inside the {{module}} module: import its public face (MODULE_FACES in tools/lint/fences.mjs), or move what you need there.",
      door: "'{{source}}' is inside {{folder}}; from outside it, import {{doors}} only.",
    },
  },
  create(context) {
    const { root, faces, doors = {} } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const file = context.filename;
    const fromModule = path.relative(rootDir, file).split(path.sep);
    if (fromModule[0] === '..') return {};
    const fromDir = path.dirname(file);

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(rootDir, path.resolve(fromDir, source)).split(path.sep).join('/');
      if (target.startsWith('..')) return;
      const [module, ...rest] = target.split('/');
      const inside = withoutExtension(rest.join('/'));
      const ownModule = fromModule.length > 1 ? fromModule[0] : null;
      if (module !== ownModule && faces[module] !== undefined && rest.length > 0 && !matches(faces[module], inside)) {
        context.report({ node, messageId: 'internal', data: { source, module } });
        return;
      }
      const fromPath = path.relative(rootDir, file).split(path.sep).join('/');
      for (const [folder, entries] of Object.entries(doors)) {
        if (!target.startsWith(folder) || fromPath.startsWith(folder)) continue;
        if (!entries.includes(withoutExtension(target.slice(folder.length)))) {
          context.report({ node, messageId: 'door', data: { source, folder, doors: entries.join(', ') } });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'module-faces': moduleFaces } };
