module {
  func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<i32>, %arg3: tensor<i1>, %arg4: tensor<4x8xcomplex<f32>>, %arg5: !stablehlo.token) {
    %0 = stablehlo.tuple %arg0 : tuple<tensor<4x8xf32>>
    %c = stablehlo.constant dense<[4, 8]> : tensor<2xi64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<4x4xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<8xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_2 = stablehlo.constant dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>
    %1 = stablehlo.exponential %arg0 : tensor<4x8xf32>
    %2 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4x8xf32>
    %3 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    %4 = "stablehlo.case"(%arg2) ({
      stablehlo.return %arg0 : tensor<4x8xf32>
    }, {
      stablehlo.return %arg0 : tensor<4x8xf32>
    }) : (tensor<i32>) -> tensor<4x8xf32>
    %5 = "stablehlo.if"(%arg3) ({
      stablehlo.return %arg0 : tensor<4x8xf32>
    }, {
      stablehlo.return %arg0 : tensor<4x8xf32>
    }) : (tensor<i1>) -> tensor<4x8xf32>
    %6 = stablehlo.iota dim = 1 : tensor<4x8xf32>
    %7 = stablehlo.slice %arg0 [0:2, 1:8:2] : (tensor<4x8xf32>) -> tensor<2x4xf32>
    %8 = stablehlo.pad %arg0, %cst_1, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x10xf32>
    %9 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<4x8xf32>>) -> tensor<4x8xf32>
    %10:2 = stablehlo.optimization_barrier %arg0, %arg2 : tensor<4x8xf32>, tensor<i32>
    %11 = stablehlo.real %arg4 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %12 = stablehlo.complex %arg0, %arg0 : tensor<4x8xcomplex<f32>>
    %13 = stablehlo.after_all %arg5, %arg5 : !stablehlo.token
    %14 = stablehlo.create_token : !stablehlo.token
    %15 = stablehlo.is_finite %arg0 : (tensor<4x8xf32>) -> tensor<4x8xi1>
    %16 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<4x8xf32>
    %17 = stablehlo.composite "my.op" %arg0 {composite_attributes = {k = 1 : i32}, decomposition = @g, version = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %18 = stablehlo.custom_call @foo(%arg0) {api_version = 2 : i32, backend_config = "x", has_side_effect = true, operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %19 = stablehlo.custom_call @foo(%arg0) {api_version = 4 : i32, backend_config = {x = 1 : i32}} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %20 = stablehlo.rng %arg2, %arg2, %c, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<4x8xi32>
    %21 = "stablehlo.map"(%arg0, %arg0) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      stablehlo.return %arg6 : tensor<f32>
    }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %22 = "stablehlo.triangular_solve"(%cst, %cst) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%arg0, %cst_0, %cst_0) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>)
    %23 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      stablehlo.return %arg6 : tensor<f32>
    }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %24 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %25 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x16xf32>
    %26 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %27 = stablehlo.cbrt %arg0 : tensor<4x8xf32>
    %28 = stablehlo.count_leading_zeros %arg2 : tensor<i32>
    %29 = stablehlo.popcnt %arg2 : tensor<i32>
    %30 = stablehlo.shift_left %arg2, %arg2 : tensor<i32>
    %31 = stablehlo.atan2 %arg0, %arg0 : tensor<4x8xf32>
    %32 = stablehlo.round_nearest_even %arg0 : tensor<4x8xf32>
    %33 = stablehlo.reverse %arg0, dims = [1] : tensor<4x8xf32>
    %34 = stablehlo.replica_id : tensor<ui32>
    %35 = stablehlo.partition_id : tensor<ui32>
    %36 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<4x8xf32>) -> tensor<i32>
    %37 = stablehlo.dynamic_iota %c, dim = 0 : (tensor<2xi64>) -> tensor<?x?xf32>
    %38 = stablehlo.dynamic_reshape %arg0, %c : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<?x?xf32>
    %39 = stablehlo.dynamic_broadcast_in_dim %arg0, %c, dims = [0, 1] : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<?x?xf32>
    %40 = stablehlo.real_dynamic_slice %arg0, %c, %c, %c : (tensor<4x8xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
    %41 = stablehlo.dynamic_pad %arg0, %cst_1, %c, %c, %c : (tensor<4x8xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
    %42 = stablehlo.einsum %arg0, %arg1, config = "ab,bc->ac" : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    %output_state, %output_3 = stablehlo.rng_bit_generator %c, algorithm = THREE_FRY : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4x8xui32>)
    %43 = "stablehlo.send"(%arg0, %arg5) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<4x8xf32>, !stablehlo.token) -> !stablehlo.token
    %44:2 = "stablehlo.recv"(%arg5) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<4x8xf32>, !stablehlo.token)
    %45 = "stablehlo.outfeed"(%arg0, %arg5) <{outfeed_config = ""}> : (tensor<4x8xf32>, !stablehlo.token) -> !stablehlo.token
    %46:2 = "stablehlo.infeed"(%arg5) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<4x8xf32>, !stablehlo.token)
    %47 = "stablehlo.reduce_scatter"(%arg0) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      stablehlo.return %arg6 : tensor<f32>
    }) : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %48 = "stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %49 = stablehlo.fft %arg4, type = FFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %50 = stablehlo.cholesky %cst, lower = true : tensor<4x4xf32>
    %51 = stablehlo.bitcast_convert %arg0 : (tensor<4x8xf32>) -> tensor<4x8xi32>
    %52 = stablehlo.clamp %cst_1, %arg0, %cst_1 : (tensor<f32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %53 = stablehlo.select %arg3, %arg0, %arg0 : tensor<i1>, tensor<4x8xf32>
    %54 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %55 = stablehlo.dynamic_update_slice %arg0, %arg0, %arg2, %arg2 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
    %56 = stablehlo.compare GE, %arg0, %arg0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %57 = stablehlo.dot %arg0, %arg1, precision = [HIGHEST, DEFAULT] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%arg0, %cst_0, %cst_0, %cst_0, %arg0) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>)
    %58 = stablehlo.not %arg3 : tensor<i1>
    %59 = stablehlo.abs %arg4 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    return
  }
  func.func @g(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    return %arg0 : tensor<4x8xf32>
  }
}

