"builtin.module"() <{sym_name = "jit_convnet"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}], function_type = (tensor<16xf32>, tensor<32xf32>, tensor<3x3x3x16xf32>, tensor<3x3x16x32xf32>, tensor<512x16xf32>, tensor<16xf32>, tensor<8x16x16x3xf32>) -> tensor<8x16xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg2: tensor<16xf32>, %arg3: tensor<32xf32>, %arg4: tensor<3x3x3x16xf32>, %arg5: tensor<3x3x16x32xf32>, %arg6: tensor<512x16xf32>, %arg7: tensor<16xf32>, %arg8: tensor<8x16x16x3xf32>):
    %6 = "stablehlo.convolution"(%arg8, %arg4) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<8x16x16x3xf32>, tensor<3x3x3x16xf32>) -> tensor<8x16x16x16xf32>
    %7 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 3>}> : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x16xf32>) -> tensor<8x16x16x16xf32>
    %9 = "stablehlo.add"(%6, %8) : (tensor<8x16x16x16xf32>, tensor<8x16x16x16xf32>) -> tensor<8x16x16x16xf32>
    %10 = "func.call"(%9) <{callee = @relu}> : (tensor<8x16x16x16xf32>) -> tensor<8x16x16x16xf32>
    %11 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %13 = "stablehlo.reduce_window"(%10, %12) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg11: tensor<f32>, %arg12: tensor<f32>):
      %31 = "stablehlo.maximum"(%arg11, %arg12) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%31) : (tensor<f32>) -> ()
    }) : (tensor<8x16x16x16xf32>, tensor<f32>) -> tensor<8x8x8x16xf32>
    %14 = "stablehlo.convolution"(%13, %arg5) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<8x8x8x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x8x8x32xf32>
    %15 = "stablehlo.broadcast_in_dim"(%arg3) <{broadcast_dimensions = array<i64: 3>}> : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x32xf32>) -> tensor<8x8x8x32xf32>
    %17 = "stablehlo.add"(%14, %16) : (tensor<8x8x8x32xf32>, tensor<8x8x8x32xf32>) -> tensor<8x8x8x32xf32>
    %18 = "func.call"(%17) <{callee = @relu_0}> : (tensor<8x8x8x32xf32>) -> tensor<8x8x8x32xf32>
    %19 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.broadcast_in_dim"(%19) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %21 = "stablehlo.reduce_window"(%18, %20) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
      %30 = "stablehlo.add"(%arg9, %arg10) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%30) : (tensor<f32>) -> ()
    }) : (tensor<8x8x8x32xf32>, tensor<f32>) -> tensor<8x4x4x32xf32>
    %22 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x4x32xf32>
    %24 = "stablehlo.divide"(%21, %23) : (tensor<8x4x4x32xf32>, tensor<8x4x4x32xf32>) -> tensor<8x4x4x32xf32>
    %25 = "stablehlo.reshape"(%24) : (tensor<8x4x4x32xf32>) -> tensor<8x512xf32>
    %26 = "stablehlo.dot_general"(%25, %arg6) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x512xf32>, tensor<512x16xf32>) -> tensor<8x16xf32>
    %27 = "stablehlo.broadcast_in_dim"(%arg7) <{broadcast_dimensions = array<i64: 1>}> : (tensor<16xf32>) -> tensor<1x16xf32>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x16xf32>) -> tensor<8x16xf32>
    %29 = "stablehlo.add"(%26, %28) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    "func.return"(%29) : (tensor<8x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<8x16x16x16xf32>) -> tensor<8x16x16x16xf32>, res_attrs = [{}], sym_name = "relu", sym_visibility = "private"}> ({
  ^bb0(%arg1: tensor<8x16x16x16xf32>):
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x16x16xf32>
    %5 = "stablehlo.maximum"(%arg1, %4) : (tensor<8x16x16x16xf32>, tensor<8x16x16x16xf32>) -> tensor<8x16x16x16xf32>
    "func.return"(%5) : (tensor<8x16x16x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<8x8x8x32xf32>) -> tensor<8x8x8x32xf32>, res_attrs = [{}], sym_name = "relu_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<8x8x8x32xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x8x8x32xf32>
    %2 = "stablehlo.maximum"(%arg0, %1) : (tensor<8x8x8x32xf32>, tensor<8x8x8x32xf32>) -> tensor<8x8x8x32xf32>
    "func.return"(%2) : (tensor<8x8x8x32xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
