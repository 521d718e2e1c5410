/**
 * Recipes distro maintainers already keep (RPM specs, ebuilds, PKGBUILDs, Nix expressions, Spack packages,
 * Dockerfiles, Electron's .patches): read into the steps they apply, in order, and imported as sealed entries.
 */
package io.patchpin.recipe;
