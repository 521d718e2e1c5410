package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The defect "ref = main in pins locks a stale local branch": a full clone
 * whose local main was not pulled locked another commit than a bare or
 * shallow clone of the same upstream, without a word. A branch ref is the
 * upstream's branch: origin/main, or a mirror's own main.
 */
class StaleLocalBranchRefTest {
    @TempDir
    Path tmp;

    @Test
    void aBranchRefLocksTheUpstreamBranchFromEveryClone() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        String mirror = fx.mirror().toString();
        // an upstream of our own (the fixture's is shared), then a full clone of it
        Repo up = Repo.at(tmp.resolve("up"));
        Git.run(tmp, "clone", "-q", fx.therock.url(), up.dir().toString());
        Path full = tmp.resolve("full");
        Git.run(tmp, "clone", "-q", up.url(), full.toString());
        String stale = Git.run(full, "rev-parse", "HEAD");
        // upstream moves on; the full clone fetches but does not pull: its local main stays behind origin/main
        String upstream = up.write("NEWS", "moved on\n").commit("upstream moves on");
        Git.run(full, "fetch", "-q", "origin");
        Path bare = tmp.resolve("bare.git");
        Git.run(tmp, "clone", "-q", "--bare", up.url(), bare.toString());
        Path shallow = tmp.resolve("shallow");
        Git.run(tmp, "clone", "-q", "--depth", "1", up.url(), shallow.toString());
        Path pins = pins("main");

        List<String> locks = new ArrayList<>();
        List<String> errs = new ArrayList<>();
        for (Path repo : List.of(bare, shallow, full)) {
            Cli.Run r = Cli.ok("lock", "--repo", repo, "--mirror-dir", mirror, "--pins", pins);
            locks.add(r.out());
            errs.add(r.err());
        }
        assertThat(stale).isNotEqualTo(upstream);
        assertThat(locks).allMatch(locks.get(0)::equals);
        assertThat(locks.get(0)).contains("superproject = \"" + upstream + "\"").contains("resolved = \"origin/main\"");
        assertThat(errs.get(0)).doesNotContain("local branch");
        assertThat(errs.get(2))
                .contains(pins + ":3: ref 'main' is origin/main at " + upstream.substring(0, 12))
                .contains("the local branch main points elsewhere (" + stale.substring(0, 12) + ")");
    }

    @Test
    void anAbsentFullCommitIdIsBadInputAtItsLine() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path pins = pins("0123456789abcdef0123456789abcdef01234567");
        Cli.Run r = Cli.run("lock", "--repo", fx.therock.dir(), "--mirror-dir", fx.mirror(), "--pins", pins);
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err())
                .contains(pins + ":3: root 'TheRock': ref '0123456789abcdef0123456789abcdef01234567' is not a commit");
    }

    @Test
    void aTagAndACommitSayHowTheyResolved() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        String mirror = fx.mirror().toString();
        Repo work = fx.cloneWorkTree("tagged");
        String head = work.head();
        Git.run(work.dir(), "tag", "v1");
        Cli.Run tag = Cli.run("lock", "--repo", work.dir(), "--mirror-dir", mirror, "--pins", pins("v1"));
        assertThat(tag.out())
                .as(tag.err())
                .contains("resolved = \"tags/v1\"")
                .contains("superproject = \"" + head + "\"");
        Cli.Run commit = Cli.run("lock", "--repo", work.dir(), "--mirror-dir", mirror, "--pins", pins(head));
        assertThat(commit.out()).as(commit.err()).contains("resolved = \"commit\"");
    }

    private Path pins(String ref) throws IOException {
        Path pins = tmp.resolve("pins/p.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\n\n[[root]]\nname = \"TheRock\"\nurl = \"https://github.com/ROCm/TheRock.git\"\n"
                        + "ref = \"" + ref + "\"\n",
                StandardCharsets.UTF_8);
        return pins;
    }
}
