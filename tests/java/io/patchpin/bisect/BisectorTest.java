package io.patchpin.bisect;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Entry;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BisectorTest {
    @TempDir
    Path tmp;

    @Test
    void findsFirstCommitWhereAnchorDisappearsInLogSteps() {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String breaking = null;
            for (int i = 0; i <= 40; i++) {
                String text = "group(\"perfetto\") {\n}\n# perfetto " + (49 + i) + "\n" + (i >= 27 ? "" : "# anchor\n");
                String c = ex.change(TheRockFixture.PERFETTO, "perfetto " + i, Map.of("BUILD.gn", text));
                if (i == 27) {
                    breaking = c;
                }
            }
            try (Workspace ws = Workspace.open(ex.dir(), null)) {
                AtomicInteger calls = new AtomicInteger();
                Bisector b = new Bisector(ws, commit -> {
                    calls.incrementAndGet();
                    FileLookup f = ws.snapshot(commit).files().read(TheRockFixture.PERFETTO, "BUILD.gn");
                    boolean ok =
                            new String(((FileLookup.Found) f).content(), StandardCharsets.UTF_8).contains("# anchor");
                    return new EntryVerdict(
                            "e",
                            Entry.Kind.REWRITE,
                            TheRockFixture.PERFETTO,
                            List.of("BUILD.gn"),
                            ok ? Verdict.APPLIES : Verdict.ANCHOR_MISSING,
                            ok ? "" : "anchor not found",
                            Evidence.NONE,
                            true,
                            null);
                });
                BisectResult r = b.bisect("e", "HEAD~40", "HEAD", Until.NOT_OK);
                assertThat(r.commit().id()).isEqualTo(breaking);
                assertThat(r.commit().subject()).contains("perfetto 27");
                assertThat(r.search().candidates()).isEqualTo(40);
                assertThat(r.search().checks()).isLessThanOrEqualTo(2 + 6);
                assertThat(r.component().after()).isNotEqualTo(r.component().before());
                assertThatThrownBy(() -> b.bisect("e", "HEAD", "HEAD~40", Until.NOT_OK))
                        .isInstanceOf(BadInputException.class)
                        .hasMessageContaining("not an ancestor");
            }
        }
    }
}
