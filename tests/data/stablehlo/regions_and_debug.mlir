#loc = loc(unknown)
#loc1 = loc("x")
module @regions attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8xf32> loc("x"), %arg1: tensor<2x8xi32> loc("y"), %arg2: tensor<2x8x1xf32>, %arg3: tensor<3x1x1xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32> loc(#loc3)
    %c = stablehlo.constant dense<0> : tensor<i32> loc(#loc4)
    %0:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %c) across dimensions = [0] : (tensor<2x8xf32>, tensor<2x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%a: tensor<f32> loc("a"), %b: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>)  {
      %1 = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %2 = stablehlo.select %1, %a, %b : tensor<i1>, tensor<f32>
      %3 = stablehlo.select %1, %i, %j : tensor<i1>, tensor<i32>
      stablehlo.return %2, %3 : tensor<f32>, tensor<i32> loc(#loc5)
    } loc(#loc6)
    %4 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<2x8xf32>, tensor<f32>) -> tensor<8xf32>
    %5:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %4) : tensor<i32>, tensor<8xf32> attributes {mhlo.frontend_attributes = {x = "1"}}
    cond {
      %c_1 = stablehlo.constant dense<3> : tensor<i32>
      %6 = stablehlo.compare  LT, %iterArg, %c_1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %c_1 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg, %c_1 : tensor<i32>
      %7 = stablehlo.exponential %iterArg_0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<8xf32>
      stablehlo.return %6, %7 : tensor<i32>, tensor<8xf32>
    } loc(#loc7)
    %8 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 0]], lhs_dilate = [1], rhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x1xf32>, tensor<3x1x1xf32>) -> tensor<2x3x1xf32>
    %9 = stablehlo.dot_general %arg0, %arg0, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2xf32>
    %10 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2x8xf32>) -> tensor<2x16xf32>
    %11 = stablehlo.custom_call @mhlo.erf (%arg0) {backend_config = "", api_version = 2 : i32, operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %12 = "unknown.op"(%arg0) {foo = #unknown.attr<"x">} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %13 = stablehlo.constant dense<[0x7FC00000, 0xFF800000, 0x7F800000, -0.000000e+00]> : tensor<4xf32>
    %14 = stablehlo.constant dense<[0xFC00, 1.000000e-01]> : tensor<2xf16>
    %15 = stablehlo.constant dense<0xFF80> : tensor<3xbf16>
    %16 = stablehlo.constant dense<"0x0000807F000080FF"> : tensor<2xf32>
    %17 = stablehlo.constant dense<0.10000000000000001> : tensor<f64>
    %18 = chlo.erf %arg0 : tensor<2x8xf32> -> tensor<2x8xf32>
    %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<2x8xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
    return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32> loc(#loc)
  } loc(#loc1)
} loc(#loc)
#loc2 = loc("model.py":10:4 to :17)
#loc3 = loc("jit(f)/reduce_max"(#loc2))
#loc4 = loc("model.py":11:2 to 12:9)
#loc5 = loc(callsite(#loc3 at #loc4))
#loc6 = loc(fused[#loc3, #loc4])
#loc8 = loc("model.py":20:1)
#loc7 = loc("while"(#loc8))
