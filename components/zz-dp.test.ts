// @vitest-environment happy-dom
import { it } from 'vitest';
import DOMPurify from 'dompurify';
it('x', () => {
  const p = DOMPurify(window);
  console.log('supported', p.isSupported, typeof document.implementation.createHTMLDocument, window.document.nodeType, typeof window.Element, typeof (window as any).DocumentFragment, typeof (window as any).HTMLTemplateElement, typeof (window as any).NodeFilter, typeof (window as any).NamedNodeMap, typeof (window as any).HTMLFormElement, typeof (window as any).DOMParser, typeof (window as any).trustedTypes);
  console.log('OUT', JSON.stringify(p.sanitize('<p onclick="x">a<script>1</script></p>')), JSON.stringify(p.sanitize('<a href="javascript:alert(1)">b</a>')));
});
