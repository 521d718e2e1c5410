package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify --component: only the entries on the components named, at a revision and in the work tree. */
class VerifyComponentTest {
    @TempDir
    Path tmp;

    @Test
    void checksOnlyTheEntriesOnTheComponentsNamed() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String set = tmp.resolve("patchsets/p").toString();
            ok("new", set, "--repo", repo);
            Entries.nvptx(set, repo);
            Entries.jobs(set, repo);
            Entries.gn(set, repo);

            assertThat(ids(set, repo, "--rev", "HEAD")).containsExactly("nvptx", "jobs", "gn");
            assertThat(ids(set, repo, "--rev", "HEAD", "--component", LLVM)).containsExactly("jobs");
            assertThat(ids(set, repo, "--component", PERFETTO + "/", "--component", "."))
                    .containsExactly("nvptx", "gn");

            Cli.Run unknown = Cli.run("verify", set, "--repo", repo, "--component", "rocm-systems");
            assertThat(unknown.exit()).isEqualTo(2);
            assertThat(unknown.out()).isEmpty();
            assertThat(unknown.errLines())
                    .singleElement()
                    .asString()
                    .contains("--component", "rocm-systems: no entry of the patchsets is on it");
        }
    }

    private static List<String> ids(String set, String repo, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("verify", set, "--repo", repo, "--format", "json"));
        args.addAll(List.of(more));
        Cli.Run r = Cli.ok(args.toArray(String[]::new));
        List<String> out = new ArrayList<>();
        for (JsonNode e :
                new ObjectMapper().readTree(r.out()).get("patchsets").get(0).get("entries")) {
            out.add(e.get("id").asText());
        }
        return out;
    }
}
