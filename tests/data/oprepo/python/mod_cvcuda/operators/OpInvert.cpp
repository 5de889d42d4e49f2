// SPDX-License-Identifier: Apache-2.0
#include "Operators.hpp"

namespace cvcudapy {
namespace {
Tensor InvertInto(Tensor &output, Tensor &input, std::optional<Stream> pstream)
{
    return output;
}

Tensor Invert(Tensor &input, std::optional<Stream> pstream)
{
    return input;
}
} // namespace

void ExportOpInvert(py::module &m)
{
    using namespace pybind11::literals;
    m.def("invert", &Invert, "src"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("invert_into", &InvertInto, "dst"_a, "src"_a, py::kw_only(), "stream"_a = nullptr);
}
} // namespace cvcudapy
