#pragma once
// odo's version, for --version and for find_package(odo CONFIG) compatibility checks.
#define ODO_VERSION_MAJOR 0
#define ODO_VERSION_MINOR 1
#define ODO_VERSION_PATCH 0
#define ODO_VERSION_STRING "0.1.0"
