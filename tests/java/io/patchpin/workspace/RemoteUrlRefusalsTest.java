package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.lib.Config;
import org.junit.jupiter.api.Test;

/** URL shapes read from files: what is refused and why, and which transport an accepted one takes. */
class RemoteUrlRefusalsTest {
    private static Optional<String> why(String url) {
        return RemoteUrl.refusal(url);
    }

    @Test
    void emptyControlCharactersAndHostsThatAreNotHostsAreRefused() {
        assertThat(why(null)).contains("it is empty");
        assertThat(why("")).contains("it is empty");
        assertThat(why("https://h/a\u0001b")).contains("it holds a control character");
        assertThat(why("https://h/a%0Ab")).contains("it holds a control character (percent-encoded)");
        assertThat(why("https:///repo.git")).contains("it names no host");
        assertThat(why(":repo.git")).contains("it names no host");
        assertThat(why("user@:repo.git")).contains("it names no host");
        assertThat(why("https://ex ample.org/r.git")).contains("its host holds a space");
        assertThat(why("ex ample.org:r.git")).contains("its host holds a space");
        assertThat(why("file://otherhost/srv/r.git")).contains("a file URL names host 'otherhost'");
        assertThat(why("file://localhost/srv/r.git")).isEmpty();
        assertThat(why("file:///srv/r.git")).isEmpty();
    }

    @Test
    void portsAndBracketedHosts() {
        assertThat(why("https://[::1]:8443/r.git")).isEmpty();
        assertThat(why("https://[::1]/r.git")).isEmpty();
        assertThat(why("ssh://git@[::1]:x2/r.git")).contains("port 'x2' is not a number");
        assertThat(why("https://example.org:99999a/r.git")).contains("port '99999a' is not a number");
        assertThat(why("https://example.org:/r.git")).isEmpty();
        assertThat(why("https://example.org")).isEmpty();
        assertThat(why("[git@::1]:r.git")).isEmpty();
    }

    @Test
    void optionsHiddenInUserHostOrPathAreRefusedWhateverTheForm() {
        assertThat(why("ssh://-oProxyCommand=x@host/r")).get().asString().startsWith("its user starts with '-'");
        assertThat(why("-oProxyCommand=x:r")).get().asString().startsWith("its host starts with '-'");
        assertThat(why("u@host:-r")).get().asString().startsWith("its path starts with '-'");
        assertThat(why("ssh://%252doProxy@host/r")).get().asString().contains("(percent-encoded)");
        assertThat(why("ext::sh -c x")).get().asString().startsWith("'ext::' names a git remote helper");
        assertThat(why("gopher://h/r"))
                .contains("transport 'gopher' is not allowed (only https, http, ssh, git and file)");
    }

    @Test
    void transportsOfAcceptedUrls() {
        Map<String, RemoteUrl.Transport> cases = Map.of(
                "https://h/r",
                RemoteUrl.Transport.HTTPS,
                "http://h/r",
                RemoteUrl.Transport.HTTP,
                "git://h/r",
                RemoteUrl.Transport.GIT,
                "git+ssh://h/r",
                RemoteUrl.Transport.SSH,
                "ssh+git://h/r",
                RemoteUrl.Transport.SSH,
                "git@h:r.git",
                RemoteUrl.Transport.SSH,
                "/srv/git/r.git",
                RemoteUrl.Transport.FILE,
                "FILE:///srv/r",
                RemoteUrl.Transport.FILE);
        cases.forEach((url, t) -> {
            assertThat(why(url)).as(url).isEmpty();
            assertThat(RemoteUrl.transport(url)).as(url).isEqualTo(t);
        });
        assertThat(RemoteUrl.Transport.GIT.protocol()).isEqualTo("git");
    }

    @Test
    void fetchingFollowsGitsProtocolAllowAsForASubmodule() throws Exception {
        Config none = new Config();
        assertThat(RemoteUrl.fetchRefusal(none, "https://h/r")).isEmpty();
        assertThat(RemoteUrl.fetchRefusal(none, "/srv/r.git"))
                .get()
                .asString()
                .isEqualTo(
                        "the file transport is not allowed for a URL from a file: protocol.file.allow (git's default) is 'user'"
                                + " (only URLs the user typed); local mirrors are found through --mirror-dir, or allow file URLs from"
                                + " lockfiles with `git config --global protocol.file.allow always`");
        Config never = new Config();
        never.fromText("[protocol]\n\tallow = never\n[protocol \"file\"]\n\tallow = always\n");
        assertThat(RemoteUrl.fetchRefusal(never, "file:///srv/r")).isEmpty();
        assertThat(RemoteUrl.fetchRefusal(never, "git://h/r"))
                .contains("the git transport is not allowed for a URL from a file: protocol.allow is 'never'");
    }

    @Test
    void checkNamesTheFileAndLine() {
        assertThat(RemoteUrl.check(".gitmodules", 3, "https://h/r")).isEqualTo("https://h/r");
        assertThatThrownBy(() -> RemoteUrl.check(".gitmodules", 3, "ext::sh"))
                .isInstanceOfSatisfying(BadInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(".gitmodules");
                    assertThat(e.line()).isEqualTo(3);
                })
                .hasMessageContaining("URL 'ext::sh' refused: 'ext::' names a git remote helper");
    }
}
