package io.patchpin.lockexport;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NamesAndUrlsTest {
    private static ExportSource component(String path, String name) {
        return new ExportSource(path, path, name, ".", "https://example.org/" + name, null, "a".repeat(40), false);
    }

    @Test
    void githubUrlsInEveryFormTheLockMayHold() {
        for (String url : List.of(
                "https://github.com/ROCm/rocm-cmake.git",
                "https://github.com/ROCm/rocm-cmake",
                "https://github.com/ROCm/rocm-cmake/",
                "git@github.com:ROCm/rocm-cmake.git",
                "ssh://git@github.com/ROCm/rocm-cmake.git",
                "http://github.com/ROCm/rocm-cmake.git")) {
            assertThat(GitHubUrl.parse(url)).as(url).contains(new GitHubUrl("ROCm", "rocm-cmake"));
        }
        assertThat(GitHubUrl.parse("https://gitlab.com/ROCm/rocm-cmake.git")).isEmpty();
        assertThat(GitHubUrl.parse("https://github.com/ROCm/rocm-cmake/tree/x")).isEmpty();
        assertThat(GitHubUrl.parse("https://github.com.evil.org/ROCm/x.git")).isEmpty();
    }

    @Test
    void makepkgTakesOrdinarySchemesScpLikeAsSshAndRefusesTheRest() {
        assertThat(PkgbuildFormat.makepkgUrl("https://github.com/ROCm/TheRock.git"))
                .contains("https://github.com/ROCm/TheRock.git");
        assertThat(PkgbuildFormat.makepkgUrl("git@github.com:ROCm/TheRock.git"))
                .contains("ssh://git@github.com/ROCm/TheRock.git");
        assertThat(PkgbuildFormat.makepkgUrl("file:///srv/git/x")).contains("file:///srv/git/x");
        assertThat(PkgbuildFormat.makepkgUrl("ext::sh -c touch% /tmp/pwned")).isEqualTo(Optional.empty());
        assertThat(PkgbuildFormat.makepkgUrl("-oProxyCommand=x")).isEmpty();
        assertThat(PkgbuildFormat.makepkgUrl("https://example.org/a'b")).isEmpty();
    }

    @Test
    void namesAreValidIdentifiersAndClashesGetSuffixes() {
        List<ExportSource> s = List.of(
                component("3rdparty/zlib", "zlib"),
                component("in", "in"),
                component("a/b-c", "x"),
                component("a_b-c", "y"));
        assertThat(Names.unique(s, Names::nix)).containsExactly("_3rdparty_zlib", "_in", "a_b-c", "a_b-c_2");
        assertThat(Names.unique(s, Names::env)).containsExactly("_3RDPARTY_ZLIB", "IN", "A_B_C", "A_B_C_2");
        assertThat(Names.unique(s, Names::makepkg)).containsExactly("3rdparty_zlib", "in", "a_b-c", "a_b-c_2");
    }

    @Test
    void valuesAreQuotedForShAndNix() {
        assertThat(PkgbuildFormat.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(NixFormat.string("a\"b${c}\\")).isEqualTo("\"a\\\"b\\${c}\\\\\"");
    }
}
