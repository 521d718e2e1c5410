package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;

import io.patchpin.core.Printable;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.commonmark.ext.autolink.AutolinkExtension;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Document;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Upstream text in patchpin's Markdown, rendered by a real CommonMark parser with GitHub's tables and bare-URL
 * autolinks: it shows as the same visible text, and as nothing but text.
 */
class InertMarkdownTest {
    static final String HOSTILE = "@org/team #1 GH-2 ROCm/rocm-systems#3 [x](javascript:alert(1))"
            + " ![i](https://e.example/t.png) <img src=x onerror=alert(1)> <b>bold</b> &amp; &#64;you"
            + " <https://auto.example> www.example.com see https://bare.example/x mail me@example.com"
            + " ```sh\nrm -rf /\n``` *hidden* _x_ ~~gone~~ `code` $x^2$ a | b \\| c [ref]\n\n[ref]: https://r.example";

    @ParameterizedTest
    @ValueSource(
            strings = {
                HOSTILE,
                "- a list item",
                "1. numbered",
                "# heading",
                "    indented code",
                "```",
                "~~~ fence",
                "> quote",
                "===",
                "a\r\nb\u2028c\td",
                "\u001b]0;title\u0007",
                "GH-12 gh-3 WWW.X.ORG HTTP://X.ORG"
            })
    void upstreamTextRendersAsItsOwnTextAndNothingElse(String text) {
        Document doc = render("| subject |\n| --- |\n| " + Markdown.inert(text) + " |\n");
        TableCell cell = onlyBodyCell(doc);
        assertThat(kinds(withoutIdnMail(cell))).containsOnly(Text.class.getSimpleName());
        String shown = textOf(cell);
        assertThat(shown).doesNotContainPattern(LINKED_BY_GITHUB);
        assertThat(shown.replace("\u2060", ""))
                .isEqualTo(Printable.of(text.replace("\r\n", " ").replaceAll("[\\r\\n\\t\\u2028\\u2029]", " "))
                        .strip());
    }

    @Test
    void upstreamTextOutsideATableStartsNoBlock() {
        for (String text : List.of("- item", "+ item", "1. item", "3) item", "# head", "=", "> q", "```", "    code")) {
            Document doc = render(Markdown.inert(text) + "\n");
            assertThat(doc.getFirstChild()).as(text).isInstanceOf(Paragraph.class);
            assertThat(doc.getFirstChild().getNext()).as(text).isNull();
            assertThat(kinds(doc.getFirstChild())).as(text).containsOnly(Text.class.getSimpleName());
        }
    }

    @Test
    void codeSpansShowIdsAndPathsLiterallyWhateverTheyHold() {
        for (String id : List.of("a`b", "``x``", "`", "p|q", "<b>@x</b>", "new\nline")) {
            Document doc = render("| id |\n| --- |\n| " + Markdown.code(id) + " |\n");
            TableCell cell = onlyBodyCell(doc);
            assertThat(kinds(cell)).as(id).containsOnly(Code.class.getSimpleName());
            assertThat(((Code) cell.getFirstChild()).getLiteral()).isEqualTo(id.replace('\n', ' '));
        }
    }

    @Test
    void lockDiffShowsAHostileUpstreamSubjectAsPlainText(@TempDir Path tmp) {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String set = tmp.resolve("patchsets/p").toString();
            ok(Cli.run("new", set, "--repo", repo));
            Entries.nvptx(set, repo);
            String old = tmp.resolve("old.lock.toml").toString();
            ok(Cli.run("lock", "--repo", repo, "-o", old));
            String subject = "@org/team #1 [x](javascript:alert(1)) ![i](https://e.example/t.png) <b>hi</b> ```";
            ex.change(".", subject + "\n\n```\nbody\n```", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "set(X ON)\n"));
            String now = tmp.resolve("new.lock.toml").toString();
            ok(Cli.run("lock", "--repo", repo, "-o", now));

            Cli.Run md = Cli.run("lock", "diff", "--repo", repo, "--format", "markdown", old, now, set);
            assertThat(md.exit()).as(md.err()).isZero(); // the entry still applies
            Document doc = render(md.out());
            assertThat(kinds(doc))
                    .doesNotContain("Link", "Image", "HtmlInline", "HtmlBlock", "FencedCodeBlock", "IndentedCodeBlock")
                    .doesNotContain("Emphasis", "BlockQuote", "BulletList", "OrderedList");
            String shown = textOf(doc);
            assertThat(shown).doesNotContainPattern(LINKED_BY_GITHUB);
            assertThat(shown.replace("\u2060", "")).contains(subject);
        }
    }

    /** What GitHub turns into a mention, an issue or commit reference, or a link once rendered. */
    static final Pattern LINKED_BY_GITHUB = Pattern.compile("(?i)@[a-z0-9]|#[0-9]|gh-[0-9]|://|www\\.");

    static Document render(String markdown) {
        return (Document) Parser.builder()
                .extensions(List.of(TablesExtension.create(), AutolinkExtension.create()))
                .build()
                .parse(markdown);
    }

    /**
     * {@code node} without the e-mail links only this parser makes: its scanner takes any non-ASCII character as
     * a domain letter (IDN), where GFM's extended e-mail autolink, which GitHub runs, wants an ASCII letter or
     * digit right after the {@code @}; the word joiner there keeps GitHub from linking it.
     */
    static Node withoutIdnMail(Node node) {
        List<Link> mails = new ArrayList<>();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                if (link.getDestination().startsWith("mailto:") && textOf(link).contains("@\u2060")) {
                    mails.add(link);
                }
            }
        });
        for (Link l : mails) {
            l.insertBefore(new Text(textOf(l)));
            l.unlink();
        }
        return node;
    }

    /** The simple names of every inline node under {@code node}. */
    static List<String> kinds(Node node) {
        List<String> out = new ArrayList<>();
        for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
            out.add(c.getClass().getSimpleName());
            out.addAll(kinds(c));
        }
        return out;
    }

    static String textOf(Node node) {
        StringBuilder b = new StringBuilder();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                b.append(text.getLiteral());
            }
        });
        return b.toString();
    }

    private static TableCell onlyBodyCell(Document doc) {
        assertThat(doc.getFirstChild()).isInstanceOf(TableBlock.class);
        assertThat(doc.getFirstChild().getNext()).isNull();
        Node body = doc.getFirstChild().getLastChild();
        assertThat(body).isInstanceOf(TableBody.class);
        Node row = body.getFirstChild();
        assertThat(row.getNext()).isNull();
        assertThat(row.getFirstChild().getNext()).as("one cell").isNull();
        return (TableCell) row.getFirstChild();
    }

    private static void ok(Cli.Run r) {
        assertThat(r.exit()).as(r.err()).isZero();
    }
}
