package io.patchpin.sed;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Settings;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** sed beyond s: deletions, appends, inserts and changes at a regular-expression address, as entries. */
class SedLineCommandTest {
    private static final String CMAKE = "project(x)\nset(CMAKE_C_FLAGS \"-O2\")\nset(CMAKE_CXX_FLAGS \"-O2\")\n"
            + "option(BUILD_CLIENTS ON)\nbegin\nmiddle\nend\nlast\n";

    private static SedScript.Candidate candidate(String line) {
        List<SedScript.Item> items = SedScript.parse(line, Set.of("TheRock"), "");
        assertThat(items).singleElement().isInstanceOf(SedScript.Candidate.class);
        return (SedScript.Candidate) items.get(0);
    }

    /** The file after every command of {@code line}, as the entries it becomes leave it. */
    private static String after(String line) {
        SedScript.Candidate c = candidate(line);
        String text = CMAKE;
        for (SedLineCommand l : c.lineCommands()) {
            Entry e = l.entry("e", ".", "CMakeLists.txt", c.ere(), "");
            var s = EntryKind.of(e)
                    .seal(text.getBytes(StandardCharsets.UTF_8), Settings.DEFAULT)
                    .orElseThrow();
            text = new String(s.after(), StandardCharsets.UTF_8);
        }
        return text;
    }

    @Test
    void aDeleteOfMatchedLinesIsARewriteToNothing() {
        assertThat(after("sed -i '/CMAKE_C.*_FLAGS/d' CMakeLists.txt"))
                .isEqualTo("project(x)\noption(BUILD_CLIENTS ON)\nbegin\nmiddle\nend\nlast\n");
        assertThat(after("sed -i -e '/^begin/,/^end/d' CMakeLists.txt")).endsWith("ON)\nlast\n");
    }

    @Test
    void appendInsertAndChangeAtAnAddressAreInsertsAndRewrites() {
        assertThat(after("sed -i -e '/^middle/a\\  added' -e '/^middle/i before' CMakeLists.txt"))
                .contains("begin\nbefore\nmiddle\n  added\nend\n");
        assertThat(after("sed -i '/^middle/c\\changed' CMakeLists.txt")).contains("begin\nchanged\nend\n");
    }

    @Test
    void aDollarBeforeTheDelimiterIsSedsEndOfLineNotTheShells() {
        assertThat(after("sed -i \"/BUILD_CLIENTS ON/ s/$/\\n   set(X ON)\\n/\" CMakeLists.txt"))
                .contains("option(BUILD_CLIENTS ON)\n   set(X ON)\n\nbegin\n");
    }

    @Test
    void aLineNumberAddressIsNamedNotGuessed() {
        List<SedScript.Item> items = SedScript.parse("sed -i '12d' CMakeLists.txt", Set.of("TheRock"), "");
        assertThat(items).singleElement().isInstanceOf(SedScript.Skipped.class);
    }
}
